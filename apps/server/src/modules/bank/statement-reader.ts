/**
 * Reads a camt.053 statement off the request thread: a worker thread parses it and finds the order
 * references of its entries (statement-worker.ts), and hands the entries back in batches, one when the
 * import asks for the next. A 200 MB statement parsed on the main thread stalled every request of
 * its process for seconds (issue 23); here the main thread only receives batches, each small to
 * take in, and never holds more than one.
 */
import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import { StatementFormatError, type StatementProblem } from './camt053.ts';
import type { QuotedEntry } from './payment-matching.ts';

/** The statement's text or bytes, or the file it is in (read by the worker: never by this thread). */
export type StatementSource = string | Uint8Array | { path: string };

/** One entry of the statement, with the order references it quotes and its statement's id. */
export type StatementEntry = QuotedEntry & { statementId: string };

export type ReaderRequest =
  | { kind: 'read'; source: StatementSource; brandShorts: string[]; batchSize: number }
  | { kind: 'next' };
export type ReaderReply =
  | { kind: 'batch'; entries: StatementEntry[] }
  | { kind: 'done' }
  | { kind: 'invalid'; problem: StatementProblem };

const workerEntry = new URL('./statement-worker.mjs', import.meta.url);

/**
 * The statement's entries in the file's order, `batchSize` at a time; throws StatementFormatError for a
 * file that is no camt.053 statement, before any batch. The worker ends with the iteration, also when
 * the caller stops early.
 */
export async function* readStatement(
  source: StatementSource,
  brandShorts: string[],
  batchSize = 500,
): AsyncGenerator<StatementEntry[]> {
  const worker = new Worker(workerEntry);
  // Listening before asking: a reply is never missed, and an error of the worker rejects the wait.
  const replies = on(worker, 'message');
  try {
    worker.postMessage({ kind: 'read', source, brandShorts, batchSize } satisfies ReaderRequest);
    for (;;) {
      const next = await replies.next();
      if (next.done) return;
      const [reply] = next.value as [ReaderReply];
      if (reply.kind === 'done') return;
      if (reply.kind === 'invalid') throw new StatementFormatError(reply.problem);
      yield reply.entries;
      worker.postMessage({ kind: 'next' } satisfies ReaderRequest);
    }
  } finally {
    await replies.return?.();
    await worker.terminate();
  }
}
