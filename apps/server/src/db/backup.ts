import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { openPgliteClient } from './client.ts';

/**
 * Backups of the whole shop: every table, the job queue (mails not yet sent) and the installation
 * secrets (`installation_secrets`: the payment simulator's signing key, the token keys), so that a
 * restored shop signs and checks exactly as the lost one did. Rendered pictures, app icons and the mail
 * outbox folder are caches or copies and stay out (ARCHITECTURE.md, "Several machines").
 *
 * - PostgreSQL: `pg_dump --format=custom`, while the shop runs (a consistent snapshot); restored with
 *   `pg_restore` in one transaction into an empty database, so a failed restore leaves nothing behind.
 * - The embedded database: its folder's database files as a .tar.gz (PGlite's own dump, which
 *   `PGlite.create({ loadDataDir })` reads back), taken while no shop holds the folder.
 */
export type BackupTarget = {
  /** postgres:// URL; unset = the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  /** DATABASE_SCHEMA: our tables' schema on a shared PostgreSQL database (its job queue: `<schema>_jobs`). */
  schemaName: string | undefined;
  dataDir: string;
};

export type BackupKind = 'postgres' | 'embedded';

/** A backup or restore that cannot be done as asked; its message says why and what to do. */
export class BackupError extends Error {}

export async function backUp(target: BackupTarget, file: string): Promise<BackupKind> {
  if (target.databaseUrl) {
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${file}`,
        ...schemasOf(target).map((schema) => `--schema=${schema}`),
      ],
      target.databaseUrl,
    );
    return 'postgres';
  }
  const database = await openPgliteClient(target.dataDir);
  try {
    const dump = await database.client.dumpDataDir('none');
    await writeFile(file, gzipSync(databaseFilesOnly(new Uint8Array(await dump.arrayBuffer()))));
  } finally {
    await database.close();
  }
  return 'embedded';
}

export async function restore(target: BackupTarget, file: string): Promise<BackupKind> {
  const kind = await kindOf(file);
  if (target.databaseUrl) {
    if (kind !== 'postgres') {
      throw new BackupError(
        `${file} is a backup of the embedded database: restore it without DATABASE_URL, into an empty DATA_DIR`,
      );
    }
    await ensureEmpty(target);
    await runTool(
      'pg_restore',
      ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', file],
      target.databaseUrl,
    );
    await analyze(target.databaseUrl);
    return 'postgres';
  }
  if (kind !== 'embedded') {
    throw new BackupError(
      `${file} is a PostgreSQL backup: restore it with DATABASE_URL naming an empty database`,
    );
  }
  if (existsSync(path.join(target.dataDir, 'PG_VERSION'))) {
    throw new BackupError(
      `${target.dataDir} already holds a database: restore into an empty DATA_DIR (move this one away first)`,
    );
  }
  const dump = new Blob([gunzipSync(await readFile(file))]);
  try {
    const database = await openPgliteClient(target.dataDir, dump);
    await database.close();
  } catch (error) {
    // Half-extracted files would be taken for a database by the next start.
    await removeDatabaseFiles(target.dataDir);
    throw error;
  }
  return 'embedded';
}

/** pg_dump's custom format starts with "PGDMP"; our embedded backups are gzip. */
async function kindOf(file: string): Promise<BackupKind> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(error.code === 'ENOENT' ? `${file} does not exist` : `${file}: ${error.message}`);
  });
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
    throw new BackupError(`${file} is not a backup made by npm run backup`);
  } finally {
    await handle.close();
  }
}

const schemasOf = (target: BackupTarget) =>
  target.schemaName ? [target.schemaName, `${target.schemaName}_jobs`] : [];

/** A restore over a shop's tables would mix two shops; an empty database is the only safe target. */
async function ensureEmpty(target: BackupTarget): Promise<void> {
  const schemas = target.schemaName ? schemasOf(target) : ['public', 'drizzle', 'pgboss'];
  const tables = await withClient(target.databaseUrl!, async (client) => {
    const answer = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = ANY($1)',
      [schemas],
    );
    return answer.rows[0]?.n ?? 0;
  });
  if (tables > 0) {
    throw new BackupError(
      `the database at DATABASE_URL already holds ${tables} tables: restore into an empty database ` +
        '(createdb shop_restored, then DATABASE_URL=…/shop_restored)',
    );
  }
  // A dump of one schema carries no extensions; the tables' indexes and search need them in public.
  if (target.schemaName) {
    await withClient(target.databaseUrl!, (client) =>
      client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm; CREATE EXTENSION IF NOT EXISTS unaccent'),
    );
  }
}

/** pg_restore brings no planner statistics: without them the first searches would plan badly. */
const analyze = (url: string) => withClient(url, (client) => client.query('ANALYZE'));

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs pg_dump or pg_restore on the database at `url`. The password goes by environment (PGPASSWORD),
 * not on the command line, where every user of the machine could read it.
 */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${address.href}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install PostgreSQL's client tools (Debian: postgresql-client) ` +
                "of the server's major version or newer",
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit ${code}):\n${errors.trim()}`)),
    );
  });
}

// The embedded database lives in DATA_DIR beside the shop's other folders (media, outbox, bank-inbox,
// app-icons), and PGlite's dump takes the whole folder. Only PostgreSQL's own files are kept, without
// its pid file and ours (a restored folder would look in use).
const databaseEntries =
  /^(PG_VERSION|base|global|pg_[a-z_]+|postgresql(\.auto)?\.conf|pg_(hba|ident)\.conf)$/;

/** A tar archive (ustar, 512-byte blocks) without the entries outside the database's files. */
export function databaseFilesOnly(tar: Uint8Array): Uint8Array {
  const kept: Uint8Array[] = [];
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8);
    const entryLength = 512 + Math.ceil(size / 512) * 512;
    const name = text(header, 0, 100);
    const prefix = text(header, 345, 155);
    const top = (prefix ? `${prefix}/${name}` : name).replace(/^\/+/, '').split('/')[0] ?? '';
    if (databaseEntries.test(top)) kept.push(tar.subarray(offset, offset + entryLength));
    offset += entryLength;
  }
  kept.push(new Uint8Array(1024));
  return Buffer.concat(kept);
}

const text = (block: Uint8Array, start: number, length: number) =>
  Buffer.from(block.subarray(start, start + length))
    .toString('latin1')
    .replace(/\0.*$/s, '');

async function removeDatabaseFiles(dataDir: string): Promise<void> {
  for (const entry of await readdir(dataDir).catch(() => [] as string[])) {
    if (databaseEntries.test(entry) || entry === 'postmaster.pid') {
      await rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
  }
}
