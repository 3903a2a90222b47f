import { Worker } from 'node:worker_threads';
import { type IndexSource, messageOf } from './index-source.ts';
import { type IndexParts, OfferIndex } from './offer-index.ts';

/** Where the thread's database is: the server's, in its schema. */
export type ThreadDatabase = {
  url: string;
  schemaName?: string | undefined;
  /** DATABASE_TIMEOUT_MS: a failover must not hold a refresh (and every change after it) for minutes. */
  queryTimeoutMs?: number | undefined;
};

export type ThreadRequest = { kind: 'refresh' };
export type ThreadReply =
  | { kind: 'log'; message: string }
  | { kind: 'unchanged' }
  | { kind: 'index'; parts: IndexParts }
  | { kind: 'failed'; message: string };

const workerEntry = new URL('./index-thread-worker.mjs', import.meta.url);

/**
 * The index read and built on a thread of its own (index-thread-worker.ts, with its own connection):
 * taking a change in at 100,000 offers is about a second of work, which on the searching thread made
 * every search arriving meanwhile wait for a slice of it (p97.5 1.5 → 8-19 ms; bench/RESULTS.md). Here
 * this thread only turns the finished index's parts into an OfferIndex; the postings, its largest part,
 * are shared memory. A thread that dies is started again by the next refresh, with a full load.
 */
export function threadSource(database: ThreadDatabase, log: (message: string) => void): IndexSource {
  let worker: Worker | null = null;
  let closed = false;

  function started(): Worker {
    if (worker) return worker;
    const thread = new Worker(workerEntry, { workerData: database });
    thread.on('message', (reply: ThreadReply) => {
      if (reply.kind === 'log') log(reply.message);
    });
    thread.on('error', (error) => log(`search engine: the index thread failed: ${messageOf(error)}`));
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      if (!closed)
        log(`search engine: the index thread stopped (exit code ${code}); the next refresh starts another`);
    });
    // Between refreshes the thread does not keep the process alive; during one it does (refresh()).
    thread.unref();
    worker = thread;
    return thread;
  }

  /** The thread's next reply other than a log line; rejects if the thread stops first. */
  function answer(thread: Worker): Promise<Exclude<ThreadReply, { kind: 'log' }>> {
    return new Promise((resolve, reject) => {
      const onMessage = (reply: ThreadReply) => {
        if (reply.kind === 'log') return;
        thread.off('exit', onExit);
        thread.off('message', onMessage);
        resolve(reply);
      };
      const onExit = () => {
        thread.off('message', onMessage);
        reject(new Error('the index thread stopped'));
      };
      thread.on('message', onMessage);
      thread.once('exit', onExit);
    });
  }

  return {
    async refresh() {
      if (closed) return null;
      const thread = started();
      thread.ref();
      thread.postMessage({ kind: 'refresh' } satisfies ThreadRequest);
      const reply = await answer(thread).finally(() => thread.unref());
      if (reply.kind === 'failed') throw new Error(reply.message);
      if (reply.kind === 'unchanged') return null;
      return OfferIndex.fromParts(reply.parts);
    },
    async close() {
      closed = true;
      await worker?.terminate();
    },
  };
}
