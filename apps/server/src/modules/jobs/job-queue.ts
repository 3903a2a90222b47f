import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { Counter, Gauge, type Registry } from 'prom-client';
import { type Database, type DatabaseHandle, LOCK_IDS, sqlExecutor } from '#src/db/client.ts';
import { isDatabaseUnavailable, outageLog } from '#src/db/database-unavailable.ts';

/**
 * Background work on pg-boss, in the application's own PostgreSQL (docs/decisions/014): a job is a row,
 * so one enqueued inside a transaction exists exactly when that transaction commits.
 */

export type JobDefinition<Data extends object = object> = {
  name: string;
  /** Attempts after the first; then the job goes to the queue's dead letters. */
  retryLimit: number;
  /** Seconds before the first retry; doubled on each further one. */
  retryDelaySeconds: number;
  /** A job still active after this long (its process died) is handed out again. */
  expireInSeconds: number;
  /** Cron (UTC, minute resolution): the job is also started on this schedule, once across all processes. */
  schedule?: string;
  /** Jobs this process runs at once (default 1); each fails or succeeds on its own. */
  concurrency?: number;
  run(data: Data): Promise<void>;
};

export type EnqueueOptions = {
  startAfter?: Date;
};

export type JobQueue = {
  /** Adds a job on `db`: inside a transaction it is committed or rolled back with it. */
  enqueue(db: Database, name: string, data: object, options?: EnqueueOptions): Promise<void>;
  /** Creates the queues and schedules, and with `runWorkers` starts polling for work. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Jobs that exhausted their retries, per queue (also on /metrics). */
  deadLetters(): Promise<Record<string, number>>;
};

const deadLetterQueue = (name: string) => `${name}.dead`;

export function createJobQueue(
  database: DatabaseHandle,
  options: {
    definitions: JobDefinition<never>[];
    runWorkers: boolean;
    log: FastifyBaseLogger;
    registry: Registry;
    /** pg-boss's own schema; tests on a schema of their own get one of their own too. */
    schema: string;
    pollingIntervalSeconds?: number;
    /** Schedules an earlier version made that nothing runs any more: removed at start. */
    retiredSchedules?: string[];
  },
): JobQueue {
  const boss = new PgBoss({
    db: sqlExecutor(database.db) as PgBoss.Db,
    schema: options.schema,
    // Expired jobs are handed out again by pg-boss's maintenance: often enough that a job of a killed
    // process is retried within a minute or so.
    maintenanceIntervalSeconds: 30,
  });
  // While the database is away every poll fails: logged once a minute, not twice a second per queue.
  const logOutage = outageLog(options.log, 'job queue: database unavailable, retrying');
  boss.on('error', (error) => {
    if (isDatabaseUnavailable(error)) logOutage(error);
    else options.log.error({ err: error }, 'job queue error');
  });
  // Read when used, not now: the app adds definitions that close over services made after the queue.
  const definitions = {
    has: (name: string) => options.definitions.some((definition) => definition.name === name),
    keys: () => options.definitions.map((definition) => definition.name),
    values: () => options.definitions,
  };

  const failures = new Counter({
    name: 'shop_job_failures_total',
    help: 'Job attempts that threw, by queue',
    labelNames: ['queue'],
    registers: [options.registry],
  });
  const deadGauge = new Gauge({
    name: 'shop_job_dead_letters',
    help: 'Jobs that exhausted their retries and wait for an operator, by queue',
    labelNames: ['queue'],
    registers: [options.registry],
    collect: async function (this: Gauge) {
      if (!started) return;
      for (const [queue, count] of Object.entries(await deadLetters())) this.set({ queue }, count);
    },
  });
  void deadGauge;
  let started = false;
  // The embedded database is this process's alone: every job is enqueued here, so a queue's worker is
  // woken when one is, and polls only for retried and scheduled jobs. Each poll is a query that blocks
  // the answering thread (docs/decisions/035): 13 queues twice a second were 5-9 % of an idle shop.
  const isSoleProcess = database.kind === 'pglite';
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? (isSoleProcess ? 5 : 0.5);
  const workerIds = new Map<string, string>();

  async function deadLetters(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const name of definitions.keys()) counts[name] = await boss.getQueueSize(deadLetterQueue(name));
    return counts;
  }

  async function runJob(definition: JobDefinition<object>, job: PgBoss.JobWithMetadata<object>) {
    try {
      await definition.run(job.data);
    } catch (error) {
      failures.inc({ queue: definition.name });
      const isLast = job.retryCount >= job.retryLimit;
      const context = { err: error, queue: definition.name, job: job.id, attempt: job.retryCount + 1 };
      if (isLast) options.log.error(context, 'job failed for the last time: moved to the dead letters');
      else options.log.warn(context, 'job failed; it will be retried');
      throw error;
    }
  }

  return {
    async enqueue(db, name, data, enqueueOptions = {}) {
      if (!definitions.has(name)) throw new Error(`unknown job ${name}`);
      await boss.send(name, data, {
        db: sqlExecutor(db) as PgBoss.Db,
        ...(enqueueOptions.startAfter ? { startAfter: enqueueOptions.startAfter } : {}),
      });
      // Inside a transaction the worker's fetch waits for it to end (PGlite runs one thing at a time),
      // so it finds the job once committed.
      const workerId = isSoleProcess && !enqueueOptions.startAfter ? workerIds.get(name) : undefined;
      if (workerId) boss.notifyWorker(workerId);
    },

    async start() {
      // One process at a time: pg-boss's schema and queue set-up deadlock when processes race.
      await database.withExclusiveLock(LOCK_IDS.jobs, async () => {
        await boss.start();
        for (const definition of definitions.values()) {
          await boss.createQueue(deadLetterQueue(definition.name), {
            name: deadLetterQueue(definition.name),
          });
          const queue: PgBoss.Queue = {
            name: definition.name,
            retryLimit: definition.retryLimit,
            retryDelay: definition.retryDelaySeconds,
            retryBackoff: true,
            expireInSeconds: definition.expireInSeconds,
            deadLetter: deadLetterQueue(definition.name),
          };
          // createQueue keeps an existing queue as it is; updateQueue brings its settings up to date.
          await boss.createQueue(definition.name, queue);
          await boss.updateQueue(definition.name, queue);
          if (definition.schedule) await boss.schedule(definition.name, definition.schedule, {});
        }
        // Left in place, a retired schedule would fill a queue nobody works, a job every minute.
        for (const name of options.retiredSchedules ?? []) await boss.unschedule(name);
      });
      started = true;
      if (!options.runWorkers) return;
      for (const definition of definitions.values()) {
        const batchSize = definition.concurrency ?? 1;
        let workerId: string | undefined;
        workerId = await boss.work<object>(
          definition.name,
          {
            pollingIntervalSeconds,
            // pg-boss fetches one batch per polling interval, however fast the jobs are: with batches
            // of one, a queue never ran more than one job a second (bench/mail-backlog.bench.ts).
            batchSize,
            includeMetadata: true,
          },
          async (jobs) => {
            // A full batch says more is waiting: fetch again at once instead of after the interval,
            // which otherwise caps a queue at one batch per interval (100 mails a second for 10,000
            // back-in-stock reminders, bench/reminders.bench.ts).
            if (jobs.length === batchSize && workerId) boss.notifyWorker(workerId);
            const outcomes = await Promise.allSettled(jobs.map((job) => runJob(definition, job)));
            // The batch is completed when this returns; pg-boss completes only jobs still active, so a
            // job failed here keeps its retry.
            await Promise.all(
              outcomes.map((outcome, index) =>
                outcome.status === 'rejected'
                  ? boss.fail(definition.name, jobs[index]!.id, { message: String(outcome.reason) })
                  : undefined,
              ),
            );
          },
        );
        workerIds.set(definition.name, workerId);
      }
    },

    async stop() {
      if (!started) return;
      started = false;
      workerIds.clear();
      // Not graceful beyond a few seconds: a job cut off here is handed out again after it expires.
      await boss.stop({ graceful: true, wait: true, timeout: 5_000, close: false });
    },

    deadLetters,
  };
}
