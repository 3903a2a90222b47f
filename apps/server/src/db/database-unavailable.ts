import type { FastifyBaseLogger } from 'fastify';

/**
 * Whether an error means the database could not be reached or dropped the connection, as opposed to
 * a query that failed on its own (a constraint, a bad statement). These are what a failover, a restart
 * of PostgreSQL or a proxy dropping connections produce; a request that meets one answers 503 and the
 * next one, on a fresh connection, may succeed (docs/decisions/023-database-failover.md).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error ("Failed query: …") with the original as its cause.
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const { code, message } = current as Error & { code?: unknown };
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
    if (unavailableMessages.some((pattern) => pattern.test(message))) return true;
    current = current.cause;
  }
  return false;
}

/**
 * PostgreSQL's SQLSTATEs for a server that is going away or not accepting work (class 08 is every
 * connection exception and is matched by prefix), and Node's socket errors on the way there.
 */
const unavailableCodes = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown, a failover
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and pg-pool report a lost or never-made connection in these words, without a code. */
const unavailableMessages = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^The database did not answer within/,
];

/**
 * Whether this process met an unreachable database in the last two seconds. While it did, caches answer
 * from their stale copies at once instead of letting each request wait for a database that is away (up
 * to DATABASE_TIMEOUT_MS when nothing answers at all); a single retry per entry finds out when it is back.
 */
export const databaseOutage = {
  noteMet(): void {
    lastMetAt = Date.now();
  },
  isOngoing(): boolean {
    return Date.now() - lastMetAt < outageMemoryMs;
  },
};
let lastMetAt = 0;
const outageMemoryMs = 2_000;

/**
 * For caches of database answers (lib/cache.ts): while the database is away, the last answer is served
 * for up to an hour instead of an error, so that visitors can go on browsing during a failover.
 */
export const staleWhileDatabaseAway = {
  isFor(error: unknown): boolean {
    const isAway = isDatabaseUnavailable(error);
    if (isAway) databaseOutage.noteMet();
    return isAway;
  },
  isAway: databaseOutage.isOngoing,
  maxStaleMs: 60 * 60_000,
};

/**
 * A log for failures that an unreachable database causes in bulk (every request, every poll of the job
 * queue): the first one is logged at once, then one line a minute while they go on, with how many there
 * were. An outage otherwise buries the log in identical lines.
 */
export function outageLog(log: FastifyBaseLogger, message: string): (error: unknown) => void {
  let lastLine = 0;
  let since = 0;
  let count = 0;
  return (error) => {
    const now = Date.now();
    count++;
    if (now - lastLine < 60_000) return;
    if (now - lastLine > 120_000) since = now;
    log.warn({ err: error, count, sinceMs: now - since }, message);
    lastLine = now;
    count = 0;
  };
}
