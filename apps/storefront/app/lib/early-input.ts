/** The global the inline early-input script (early-input.server.ts) keeps its held input in. */
export const earlyQueueName = 'shopEarlyInput';

export type HeldInput = { el: HTMLElement; by: HTMLElement | null };
type EarlyQueue = HeldInput[] & { done?: boolean };

const heldQueue = () =>
  typeof window === 'undefined'
    ? undefined
    : (window as unknown as Record<string, EarlyQueue | undefined>)[earlyQueueName];

const loadReplay = () => import('./early-input-replay.ts');
/** Held already when the client's code runs: fetched while React hydrates, not after. */
const replayCode = heldQueue()?.length ? loadReplay() : null;

/**
 * Called once the client has hydrated the page: ends the holding and replays what the visitor did
 * before, in order (a click is clicked again, a held form is sent with what was typed into it). The
 * replaying code is fetched only when something was held, so that most pages carry none of it.
 */
export function replayEarlyInput(): void {
  const queue = heldQueue();
  // For measuring (e2e/early-click.bench.ts): when the client took over.
  performance.mark('shop:client-start');
  if (!queue) return;
  queue.done = true;
  const held = queue.splice(0);
  if (held.length === 0) return;
  // Its own chunk, run after this commit: there each reported change is rendered before the next
  // step, so the form's handler sees what was typed.
  void (replayCode ?? loadReplay()).then(
    ({ replayHeld }) => replayHeld(held),
    () => {
      // The code did not arrive (offline): the held controls stop waiting and can be used again.
      for (const { el } of held) {
        el.removeAttribute('data-waiting');
        el.removeAttribute('aria-busy');
      }
    },
  );
}
