import { describe, expect, it } from 'vitest';
import { CompensationFailed, runWorkflow, type Step } from './workflow.ts';

/** Steps that write down what they do and undo. */
function recorder() {
  const log: string[] = [];
  const step = (name: string, options: { undo?: boolean; fails?: boolean } = {}): Step<number, number> => ({
    name,
    async run(input) {
      if (options.fails) throw new Error(`${name} failed`);
      log.push(`run ${name}`);
      return input + 1;
    },
    ...(options.undo === false
      ? {}
      : {
          async compensate(input, output) {
            log.push(`undo ${name} ${input}→${output}`);
          },
        }),
  });
  return { log, step };
}

const never = () => false;

describe('runWorkflow', () => {
  it('runs the steps in order and undoes nothing when the workflow succeeds', async () => {
    const { log, step } = recorder();
    const result = await runWorkflow(
      'ok',
      async (run) => run.step(step('b'), await run.step(step('a'), 0)),
      never,
    );
    expect(result).toBe(2);
    expect(log).toEqual(['run a', 'run b']);
  });

  it('undoes the completed steps, last first, when a later step throws, and rethrows', async () => {
    const { log, step } = recorder();
    const failing = runWorkflow(
      'throws',
      async (run) => {
        const a = await run.step(step('a'), 0);
        const b = await run.step(step('b', { undo: false }), a);
        const c = await run.step(step('c'), b);
        return run.step(step('d', { fails: true }), c);
      },
      never,
    );
    await expect(failing).rejects.toThrow('d failed');
    expect(log).toEqual(['run a', 'run b', 'run c', 'undo c 2→3', 'undo a 0→1']);
  });

  it('undoes the completed steps when the workflow ends in an outcome it calls a failure', async () => {
    const { log, step } = recorder();
    const result = await runWorkflow(
      'refused',
      async (run) => ({ refusal: 'no', at: await run.step(step('a'), 0) }),
      (outcome) => 'refusal' in outcome,
    );
    expect(result).toEqual({ refusal: 'no', at: 1 });
    expect(log).toEqual(['run a', 'undo a 0→1']);
  });

  it('tries every compensation and reports those that failed, with the original failure', async () => {
    const { log, step } = recorder();
    const broken: Step<number, number> = {
      name: 'broken',
      run: async (input) => input,
      compensate: async () => {
        throw new Error('refund refused');
      },
    };
    const failing = runWorkflow(
      'double-trouble',
      async (run) => {
        await run.step(step('a'), 0);
        await run.step(broken, 0);
        throw new Error('booking failed');
      },
      never,
    );
    const error = await failing.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CompensationFailed);
    expect((error as CompensationFailed).message).toBe('double-trouble: could not undo broken');
    expect((error as CompensationFailed).failure).toEqual(new Error('booking failed'));
    expect(log).toEqual(['run a', 'undo a 0→1']);
  });
});
