import { sql } from 'drizzle-orm';
import pino from 'pino';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#src/db/client.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

const log = pino({ level: 'silent' });

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('job queue on PGlite', () => {
  let database: DatabaseHandle;
  let queue: JobQueue;
  const done: string[] = [];
  let failuresLeft = 2;
  let batchFailed = false;
  const registry = new Registry();

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    queue = createJobQueue(database, {
      schema: 'pgboss',
      runWorkers: true,
      log,
      registry,
      pollingIntervalSeconds: 0.5,
      definitions: [
        {
          name: 'test.record',
          retryLimit: 3,
          retryDelaySeconds: 1,
          expireInSeconds: 60,
          run: async (data: { word: string }) => {
            done.push(data.word);
          },
        },
        {
          name: 'test.flaky',
          retryLimit: 3,
          retryDelaySeconds: 1,
          expireInSeconds: 60,
          run: async (data: { word: string }) => {
            if (failuresLeft-- > 0) throw new Error('not yet');
            done.push(data.word);
          },
        },
        {
          name: 'test.batch',
          retryLimit: 2,
          retryDelaySeconds: 1,
          expireInSeconds: 60,
          concurrency: 5,
          run: async (data: { word: string }) => {
            if (data.word === 'batch-fails-once' && !batchFailed) {
              batchFailed = true;
              throw new Error('not yet');
            }
            done.push(data.word);
          },
        },
        {
          name: 'test.broken',
          retryLimit: 1,
          retryDelaySeconds: 1,
          expireInSeconds: 60,
          run: async () => {
            throw new Error('always');
          },
        },
      ],
    });
    await queue.start();
  });

  afterAll(async () => {
    await queue.stop();
    await database.close();
  });

  it('runs a job enqueued in a transaction that commits, and none of one that rolls back', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await queue.enqueue(tx, 'test.record', { word: 'committed' });
    });
    await database.db
      .transaction(async (tx) => {
        await queue.enqueue(tx, 'test.record', { word: 'rolled-back' });
        throw new Error('abort');
      })
      .catch(() => {});
    await waitFor(() => done.includes('committed'));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(done).not.toContain('rolled-back');
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    await queue.enqueue(database.db, 'test.flaky', { word: 'eventually' });
    await waitFor(() => done.includes('eventually'), 30_000);
    expect(failuresLeft).toBeLessThan(0);
  });

  it('runs several jobs of a queue at once, each failing and retried on its own', async () => {
    const words = ['batch-1', 'batch-2', 'batch-fails-once', 'batch-3', 'batch-4'];
    for (const word of words) await queue.enqueue(database.db, 'test.batch', { word });
    await waitFor(() => words.every((word) => done.includes(word)), 30_000);
    expect(batchFailed).toBe(true);
    // The others ran once: a failure in the batch did not make them run again.
    expect(done.filter((word) => word.startsWith('batch-'))).toHaveLength(words.length);
  });

  it('moves a job that keeps failing to the dead letters, counted on /metrics', async () => {
    await queue.enqueue(database.db, 'test.broken', {});
    await waitFor(async () => (await queue.deadLetters())['test.broken'] === 1, 30_000);
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/shop_job_dead_letters\{queue="test.broken"\} 1/);
    expect(metrics).toMatch(/shop_job_failures_total\{queue="test.broken"\} 2/);
  });
});

describe('job queue with a backlog', () => {
  it('fetches again at once after a full batch instead of waiting out the polling interval', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    const ran: number[] = [];
    const queue = createJobQueue(database, {
      schema: 'pgboss',
      runWorkers: true,
      log,
      registry: new Registry(),
      // Long enough that a queue fetching once per interval could not drain seven jobs in batches of
      // two before the wait below gives up.
      pollingIntervalSeconds: 30,
      definitions: [
        {
          name: 'test.backlog',
          retryLimit: 0,
          retryDelaySeconds: 1,
          expireInSeconds: 60,
          concurrency: 2,
          run: async (data: { n: number }) => {
            ran.push(data.n);
          },
        },
      ],
    });
    try {
      // Created (and the queue with it) without workers, so that the backlog is there before the first fetch.
      const producer = createJobQueue(database, {
        schema: 'pgboss',
        runWorkers: false,
        log,
        registry: new Registry(),
        definitions: [
          {
            name: 'test.backlog',
            retryLimit: 0,
            retryDelaySeconds: 1,
            expireInSeconds: 60,
            run: async () => {},
          },
        ],
      });
      await producer.start();
      for (let n = 1; n <= 7; n++) await producer.enqueue(database.db, 'test.backlog', { n });
      await producer.stop();
      await queue.start();
      await waitFor(() => ran.length === 7, 15_000);
      expect(ran.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    } finally {
      await queue.stop();
      await database.close();
    }
  }, 30_000);
});

describe('job queue on PGlite with its own polling', () => {
  it('runs a job at once when it is enqueued, though workers poll only every 5 s', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    const done: { word: string; afterMs: number }[] = [];
    let enqueuedAt = 0;
    const queue = createJobQueue(database, {
      schema: 'pgboss',
      runWorkers: true,
      log,
      registry: new Registry(),
      definitions: [
        {
          name: 'test.prompt',
          retryLimit: 0,
          retryDelaySeconds: 1,
          expireInSeconds: 60,
          run: async (data: { word: string }) => {
            done.push({ word: data.word, afterMs: Date.now() - enqueuedAt });
          },
        },
      ],
    });
    try {
      await queue.start();
      // The workers' first polls find nothing; what comes after waits for no poll.
      await new Promise((resolve) => setTimeout(resolve, 500));
      enqueuedAt = Date.now();
      await queue.enqueue(database.db, 'test.prompt', { word: 'outside' });
      await waitFor(() => done.length === 1, 10_000);
      enqueuedAt = Date.now();
      await database.db.transaction(async (tx) => {
        await queue.enqueue(tx, 'test.prompt', { word: 'in a transaction' });
        await new Promise((resolve) => setTimeout(resolve, 200));
      });
      await waitFor(() => done.length === 2, 10_000);
      expect(done.map((job) => job.word)).toEqual(['outside', 'in a transaction']);
      for (const job of done) expect(job.afterMs).toBeLessThan(2_000);
    } finally {
      await queue.stop();
      await database.close();
    }
  });
});
