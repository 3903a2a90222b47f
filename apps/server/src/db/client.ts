import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { claimDataDir } from './data-dir-lock.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  /**
   * The same database, on connections that commit without waiting for the disk (PostgreSQL's
   * synchronous_commit = off). For cart changes only: a crash may lose the last fraction of a second of
   * them, whole transactions at a time, never half of one, and any later durable commit flushes them
   * too. Money, stock, codes and payments are closed on `db`. On PGlite it is `db`.
   */
  cartDb: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL schema of our tables when not the default one (tests, DATABASE_SCHEMA). */
  schemaName: string | undefined;
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** Runs `work` while holding a database-wide advisory lock, so that only one process does it at a time. */
  withExclusiveLock<T>(lockId: number, work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` with no query time limit on this handle (see `queryTimeoutMs`): for the start
   * (migrations, the seed, waiting for another process's lock), which may take longer than any request.
   */
  withoutQueryTimeout<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions = {
  /** postgres:// URL; without it an embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` for a throw-away database. */
  dataDir?: string;
  /** PGlite only: start from this dump of a data directory (`dumpDataDir`), e.g. the tests' template. */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /** PostgreSQL only: a schema of its own (created when missing), so test runs do not share tables. */
  schemaName?: string | undefined;
  /**
   * PostgreSQL only (DATABASE_TIMEOUT_MS): how long a request may wait for a connection, and for a
   * query's answer before its connection is given up. Unset or 0: no limit (tools, tests).
   */
  queryTimeoutMs?: number | undefined;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 16, options.schemaName, options.queryTimeoutMs ?? 0)
    : openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

/**
 * The embedded database's client, its folder claimed for this process (data-dir-lock.ts): the one way
 * PGlite is opened, by the shop and by the backup (db/backup.ts). `close` gives the folder back.
 */
export async function openPgliteClient(
  dataDir: string,
  loadDataDir?: Blob,
): Promise<{ client: PGlite; close(): Promise<void> }> {
  const isOnDisk = !dataDir.startsWith('memory://');
  if (isOnDisk) mkdirSync(dataDir, { recursive: true });
  const lock = isOnDisk ? claimDataDir(dataDir) : null;
  try {
    const client = await PGlite.create(isOnDisk ? dataDir : undefined, {
      extensions: { pg_trgm, unaccent },
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    return {
      client,
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  const { client, close } = await openPgliteClient(dataDir, loadDataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    cartDb: db,
    kind: 'pglite',
    schemaName: undefined,
    // PGlite is one in-process connection: nothing else can race it.
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    withExclusiveLock: (_lockId, work) => work(),
    withoutQueryTimeout: (work) => work(),
    close,
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  schemaName: string | undefined,
  queryTimeoutMs: number,
): Promise<DatabaseHandle> {
  if (schemaName !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schemaName)) {
    throw new Error(`invalid schema name ${schemaName}`);
  }
  if (schemaName) {
    const setup = new pg.Client({ connectionString: url });
    setup.on('error', () => {});
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
    } catch (error) {
      // Two processes creating the schema at once: the loser sees a duplicate, which is fine.
      if (!['23505', '42P06'].includes((error as { code?: string }).code ?? '')) throw error;
    } finally {
      await setup.end();
    }
  }
  // Extensions live in public; our tables and text-search configurations in the schema.
  const searchPath = schemaName ? `-c search_path=${schemaName},public` : '';
  // Work that may outlast a request's time limit (the start) runs while this is above zero.
  let unlimitedWork = 0;
  const timeLimit = () => (unlimitedWork > 0 ? 0 : queryTimeoutMs);
  const poolOptions = {
    connectionString: url,
    max: poolSize,
    Client: failoverSafeClient(timeLimit),
    // A request waits at most this long for a connection: while the server is unreachable it fails
    // within the limit instead of queueing until it is back.
    ...(queryTimeoutMs > 0 ? { connectionTimeoutMillis: queryTimeoutMs } : {}),
    // A connection whose server vanished without a word (a failover to another machine) is noticed by
    // the operating system's keep-alive instead of never.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  const pool = new pg.Pool({ ...poolOptions, options: searchPath });
  const cartPool = new pg.Pool({
    ...poolOptions,
    options: `${searchPath} -c synchronous_commit=off`.trim(),
  });
  // The pools report errors of idle clients here too; each client already handles its own (below).
  pool.on('error', () => {});
  cartPool.on('error', () => {});
  const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
  const cartDb = drizzleNodePostgres(cartPool, { schema }) as unknown as Database;

  async function withExclusiveLock<T>(lockId: number, work: () => Promise<T>): Promise<T> {
    const lockClient = await pool.connect();
    let lost: Error | undefined;
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [lockId]);
      return await work();
    } catch (error) {
      lost = error as Error;
      throw error;
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [lockId]).catch(() => {});
      // A connection that failed is dropped, not handed to the next caller.
      lockClient.release(lost && isDatabaseUnavailable(lost) ? lost : undefined);
    }
  }

  return {
    db,
    cartDb,
    kind: 'postgres',
    schemaName,
    migrate: () =>
      withExclusiveLock(LOCK_IDS.migrate, () =>
        migrateNodePostgres(db as never, { migrationsFolder, migrationsSchema: schemaName ?? 'drizzle' }),
      ),
    withExclusiveLock,
    async withoutQueryTimeout(work) {
      unlimitedWork++;
      try {
        return await work();
      } finally {
        unlimitedWork--;
      }
    },
    close: async () => {
      await Promise.all([pool.end(), cartPool.end()]);
    },
  };
}

/**
 * node-postgres's client, made safe for a database that goes away (a failover, a restart, a proxy
 * dropping connections: docs/decisions/023-database-failover.md).
 * - A client reports a connection its server ended as an 'error' event. The pool listens for it only
 *   while the client is idle; one checked out (a transaction between two queries) had no listener, and
 *   an unhandled 'error' event ends the process. Every client now listens for its whole life; the
 *   failure reaches its caller through the next query, and the pool drops the client on release.
 * - A query that gets no answer within the time limit gives its connection up (the socket is closed),
 *   so that the caller gets an error instead of waiting for a server that is gone, and the connection
 *   is not handed to anybody else.
 */
function failoverSafeClient(timeLimit: () => number): typeof pg.Client {
  return class FailoverSafeClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', () => {});
    }

    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this only wraps them.
    override query(...args: any[]): any {
      const limitMs = timeLimit();
      if (!limitMs || typeof args[0]?.submit === 'function') return super.query(...(args as [string]));
      const timer = setTimeout(() => this.giveUp(limitMs), limitMs);
      const done = () => clearTimeout(timer);
      const callbackAt = args.findLastIndex((arg) => typeof arg === 'function');
      if (callbackAt > 0) {
        const callback = args[callbackAt];
        args[callbackAt] = (error: unknown, result: unknown) => {
          done();
          callback(error, result);
        };
        return super.query(...(args as [string]));
      }
      if (typeof args[0]?.callback === 'function') {
        const { callback } = args[0];
        args[0] = {
          ...args[0],
          callback: (error: unknown, result: unknown) => {
            done();
            callback(error, result);
          },
        };
        return super.query(...(args as [string]));
      }
      const answer = super.query(...(args as [string])) as unknown as Promise<unknown>;
      answer.then(done, done);
      return answer;
    }

    private giveUp(limitMs: number): void {
      const stream = (this as unknown as { connection?: { stream?: { destroy(error?: Error): void } } })
        .connection?.stream;
      stream?.destroy(new Error(`The database did not answer within ${limitMs} ms`));
    }
  };
}

export const LOCK_IDS = { migrate: 741_001, seed: 741_002, searchIndex: 741_003, jobs: 741_004 } as const;

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * Runs raw SQL and returns its rows; the one place that papers over the drivers' result shapes.
 * On a PostgreSQL server every statement is prepared once per connection (named by a hash of its text),
 * in a transaction too: planning the catalogue's and the order's queries costs more than running them.
 */
export async function queryRows<Row>(
  db: Database,
  query: SQL,
  options: {
    /**
     * Plan the statement with its values every time instead of preparing it: for a search whose best
     * plan depends on the value (`LIKE 'anna.huber@…%'` uses an index only when the planner sees the
     * prefix). A prepared statement switches to a generic plan after five runs: 3 ms became 650 ms.
     */
    planEachTime?: boolean;
  } = {},
): Promise<Row[]> {
  const client = postgresClient(db);
  if (client) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    if (options.planEachTime) return (await client.query(text, params as unknown[])).rows as Row[];
    let name = statementNames.get(text);
    if (name === undefined) {
      name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      statementNames.set(text, name);
    }
    const result = await client.query({ name, text, values: params as unknown[] });
    return result.rows as Row[];
  }
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * The node-postgres pool behind a database, or the connection behind a transaction (drizzle keeps it
 * in the transaction's session), so that statements in transactions are prepared too: planning the
 * order graph costs more than running it, and closing an order reads it in a transaction.
 */
function postgresClient(db: Database): pg.Pool | pg.Client | null {
  const client =
    (db as { $client?: unknown }).$client ?? (db as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Pool || client instanceof pg.Client ? client : null;
}

/** Runs SQL text with `$n` parameters: for libraries that bring their own SQL (pg-boss). */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

type PgliteQueryable = {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<{ rows: unknown[] }[]>;
};

/**
 * An executor on the same connection as `db`, or inside the transaction `db` is: a job enqueued through
 * it commits or rolls back with the state change that caused it (the transactional outbox).
 */
export function sqlExecutor(db: Database): SqlExecutor {
  const client = postgresClient(db);
  if (client)
    return { executeSql: (text, values) => client.query(text, values?.length ? values : undefined) };
  const pglite = ((db as { $client?: unknown }).$client ??
    (db as { session?: { client?: unknown } }).session?.client) as PgliteQueryable;
  return {
    // PGlite's query takes one statement; pg-boss's schema scripts come as several without parameters.
    executeSql: async (text, values) =>
      values?.length ? pglite.query(text, values) : { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] },
  };
}

/** Timestamps as Dates: rows built with json_agg or read through some drivers carry them as text. */
export function withDates<Row extends object>(
  row: Row | undefined,
  keys: readonly (keyof Row)[],
): Row | undefined {
  if (!row) return row;
  for (const key of keys) {
    const value = row[key];
    if (typeof value === 'string') (row[key] as unknown) = new Date(value);
  }
  return row;
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
