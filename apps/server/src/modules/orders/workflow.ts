/**
 * Operations of several steps, after Medusa's workflows (core-flows: createStep, createWorkflow): each
 * step has a name, and a step that touches the outside world (a provider's capture) says how to undo
 * itself. When a later step throws, or the workflow ends in an outcome it calls a failure, the
 * compensations of the steps done so far run, last first.
 */
export type Step<Input, Output> = {
  readonly name: string;
  run(input: Input): Promise<Output>;
  /**
   * Undoes a completed `run` (a capture is refunded). Steps that only write inside a transaction need
   * none: the rollback undoes them.
   */
  compensate?(input: Input, output: Output): Promise<void>;
};

export type WorkflowRun = {
  /** Runs the step and remembers its compensation. */
  step<Input, Output>(step: Step<Input, Output>, input: Input): Promise<Output>;
};

/** A compensation threw: what the workflow did outside the database may not be undone. */
export class CompensationFailed extends Error {
  override name = 'CompensationFailed';
  constructor(
    message: string,
    readonly errors: unknown[],
    /** What made the workflow fail, when it threw. */
    readonly failure?: unknown,
  ) {
    super(message, { cause: errors[0] });
  }
}

export async function runWorkflow<Result>(
  name: string,
  body: (run: WorkflowRun) => Promise<Result>,
  hasFailed: (result: Result) => boolean,
): Promise<Result> {
  const done: { step: string; compensate: () => Promise<void> }[] = [];
  const run: WorkflowRun = {
    async step(step, input) {
      const output = await step.run(input);
      const { compensate } = step;
      if (compensate) done.push({ step: step.name, compensate: () => compensate(input, output) });
      return output;
    },
  };
  let result: Result;
  try {
    result = await body(run);
  } catch (error) {
    await compensate(name, done, error);
    throw error;
  }
  if (hasFailed(result)) await compensate(name, done);
  return result;
}

/** Every compensation is tried, even after one failed: each undoes something different. */
async function compensate(
  workflow: string,
  done: { step: string; compensate: () => Promise<void> }[],
  failure?: unknown,
): Promise<void> {
  const errors: unknown[] = [];
  const failedSteps: string[] = [];
  for (const { step, compensate } of done.reverse()) {
    try {
      await compensate();
    } catch (error) {
      errors.push(error);
      failedSteps.push(step);
    }
  }
  if (errors.length) {
    throw new CompensationFailed(`${workflow}: could not undo ${failedSteps.join(', ')}`, errors, failure);
  }
}
