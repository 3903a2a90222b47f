/**
 * The worker thread of statement-reader.ts: reads and parses one camt.053 statement and finds the
 * order references each entry quotes, then hands the entries over a batch at a time, when asked.
 * This is CPU work on one long text that would otherwise stall every request of the process.
 */
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { parseCamt053, StatementFormatError } from './camt053.ts';
import { entryReferences } from './payment-matching.ts';
import type { ReaderReply, ReaderRequest, StatementEntry } from './statement-reader.ts';

const port = parentPort;
if (!port) throw new Error('statement-worker.ts runs as a worker thread (statement-reader.ts)');

let batches: Iterator<StatementEntry[]> = [].values();

port.on('message', async (request: ReaderRequest) => {
  if (request.kind === 'read') {
    try {
      batches = await read(request);
    } catch (error) {
      if (!(error instanceof StatementFormatError)) throw error;
      return reply({ kind: 'invalid', problem: error.problem });
    }
  }
  const next = batches.next();
  reply(next.done ? { kind: 'done' } : { kind: 'batch', entries: next.value });
});

const reply = (message: ReaderReply) => port.postMessage(message);

async function read(request: Extract<ReaderRequest, { kind: 'read' }>) {
  const { source, brandShorts, batchSize } = request;
  const statement =
    typeof source === 'string' || source instanceof Uint8Array ? source : await readFile(source.path);
  const entries = parseCamt053(statement).flatMap((parsed) =>
    parsed.entries.map((entry) => ({
      statementId: parsed.id,
      entry,
      references: entryReferences(entry, brandShorts),
    })),
  );
  return inBatches(entries, batchSize);
}

function* inBatches<T>(items: T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
