import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '#src/db/client.ts';
import { inThreadSource, messageOf } from './index-source.ts';
import type { ThreadDatabase, ThreadReply, ThreadRequest } from './index-thread.ts';

/** The index thread: one connection of its own, one refresh at a time, each answered with a reply. */
const { url, schemaName, queryTimeoutMs } = workerData as ThreadDatabase;
// Below the searching thread's priority (on Linux a thread has its own): two cores shared by the web
// process, its index thread, PostgreSQL and more answer searches first, and build the index in between.
try {
  os.setPriority(Math.max(os.getPriority(), os.constants.priority.PRIORITY_BELOW_NORMAL));
} catch {
  // Not every platform lets a thread lower its own priority: then it builds at the process's.
}
const port = parentPort!;
const post = (reply: ThreadReply) => port.postMessage(reply);
const database = await openDatabase({ url, schemaName, poolSize: 1, queryTimeoutMs });
const source = inThreadSource(database.db, (message) => post({ kind: 'log', message }));

/**
 * The same data with every typed array in shared memory (copied here, on this thread): the searching
 * thread then takes the index in without copying megabytes of columns and sort orders.
 */
function shared<T>(value: T): T {
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    if (value.buffer instanceof SharedArrayBuffer) return value;
    const Type = value.constructor as new (
      buffer: SharedArrayBuffer,
    ) => typeof value & { set(from: T): void };
    const copy = new Type(new SharedArrayBuffer(value.byteLength));
    copy.set(value);
    return copy;
  }
  if (value instanceof Map) return new Map([...value].map(([key, item]) => [key, shared(item)])) as T;
  if (Array.isArray(value)) return value.map(shared) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shared(item)])) as T;
  }
  return value;
}

port.on('message', async (request: ThreadRequest) => {
  if (request.kind !== 'refresh') return;
  try {
    const index = await source.refresh();
    post(index ? { kind: 'index', parts: shared(index.parts()) } : { kind: 'unchanged' });
  } catch (error) {
    post({ kind: 'failed', message: messageOf(error) });
  }
});
