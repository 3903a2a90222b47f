import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { openPgliteClient } from './client.ts';
import { claimDataDir } from './data-dir-lock.ts';

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
  // Written beside the target and renamed once complete: a failed backup never replaces the last good
  // one. Readable by its owner only: it holds every customer's data and the installation secrets.
  const partial = `${file}.partial`;
  // Made anew: a partial file left by an earlier attempt keeps its mode, which may be readable by all.
  await rm(partial, { force: true });
  await writeFile(partial, '', { mode: 0o600 });
  try {
    if (target.databaseUrl) {
      await runTool(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--file=${partial}`,
          ...schemasOf(target).map((schema) => `--schema=${schema}`),
        ],
        target.databaseUrl,
      );
    } else {
      await writeFile(partial, gzipSync(await embeddedDatabaseFiles(target.dataDir)));
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return target.databaseUrl ? 'postgres' : 'embedded';
}

/** The embedded database's files as a tar; refused for a folder that holds none (a mistyped DATA_DIR). */
async function embeddedDatabaseFiles(dataDir: string): Promise<Uint8Array> {
  // PGlite would make a new, empty database in a folder without one, and that would be "backed up".
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(`there is no embedded database in ${dataDir} (DATA_DIR): nothing to back up`);
  }
  const lock = claimDataDir(dataDir);
  try {
    const database = await openPgliteClient(dataDir);
    try {
      const dump = await database.client.dumpDataDir('none');
      return databaseFilesOnly(new Uint8Array(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

export async function restore(target: BackupTarget, file: string): Promise<BackupKind> {
  const kind = await kindOf(file);
  if (target.databaseUrl) {
    if (kind !== 'postgres') {
      throw new BackupError(
        `${file} is a backup of the embedded database: restore it without DATABASE_URL, into an empty DATA_DIR`,
      );
    }
    const contents = await contentsOf(file, target.databaseUrl);
    await ensureRestorable(target, contents);
    await runTool(
      'pg_restore',
      // No comments: an extension's comment needs its owner, which a managed server's user is not.
      ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', '--no-comments', file],
      target.databaseUrl,
    );
    await analyze(target.databaseUrl).catch((error: Error) =>
      console.warn(`restore: done, but ANALYZE failed (${error.message}): run it once the shop is up`),
    );
    return 'postgres';
  }
  if (kind !== 'embedded') {
    throw new BackupError(
      `${file} is a PostgreSQL backup: restore it with DATABASE_URL naming an empty database`,
    );
  }
  await restoreEmbedded(target.dataDir, file);
  return 'embedded';
}

async function restoreEmbedded(dataDir: string, file: string): Promise<void> {
  let tar: Buffer;
  try {
    tar = gunzipSync(await readFile(file));
  } catch {
    throw new BackupError(`${file} is damaged: it does not unpack (a backup cut short?)`);
  }
  // The folder is this process's before it is looked at: two restores into one folder cannot interleave.
  await mkdir(dataDir, { recursive: true });
  const lock = claimDataDir(dataDir);
  try {
    const present = (await readdir(dataDir)).filter((entry) => databaseEntries.test(entry));
    if (present.length > 0) {
      throw new BackupError(
        `${dataDir} already holds a database (${present.slice(0, 3).join(', ')}…): restore into an empty ` +
          'DATA_DIR (move this one away first)',
      );
    }
    try {
      const database = await openPgliteClient(dataDir, new Blob([tar]));
      await database.close();
    } catch (error) {
      // Half-extracted files would be taken for a database by the next start; the folder had none.
      for (const entry of await readdir(dataDir)) {
        if (databaseEntries.test(entry) || entry === 'postmaster.pid') {
          await rm(path.join(dataDir, entry), { recursive: true, force: true });
        }
      }
      throw error instanceof BackupError
        ? error
        : new BackupError(`${file} could not be restored: ${(error as Error).message}`);
    }
  } finally {
    lock.release();
  }
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

/** What a PostgreSQL backup holds: the schemas of its tables, and whether it brings its extensions. */
type BackupContents = { schemas: Set<string>; hasExtensions: boolean };

async function contentsOf(file: string, url: string): Promise<BackupContents> {
  const list = await runTool('pg_restore', ['--list', file], url, { connect: false });
  const schemas = new Set<string>();
  let hasExtensions = false;
  // TOC lines: "<id>; <catalog oid> <oid> <KIND> <schema> <name> <owner>", KIND of one or two words
  // (TABLE, TABLE DATA, TABLE ATTACH), "-" for no schema.
  for (const line of list.split('\n')) {
    const entry = /^\d+; \d+ \d+ (TABLE(?: DATA| ATTACH)?|EXTENSION) (\S+) /.exec(line);
    if (entry?.[1]?.startsWith('TABLE') && entry[2] !== '-') schemas.add(entry[2]!);
    if (entry?.[1] === 'EXTENSION') hasExtensions = true;
  }
  return { schemas, hasExtensions };
}

/**
 * A restore goes where the shop configured here will look for it (the backup's schemas are those of
 * DATABASE_SCHEMA, or the default ones), and only into schemas without tables: over a shop's tables it
 * would mix two shops.
 */
async function ensureRestorable(target: BackupTarget, contents: BackupContents): Promise<void> {
  const expected = new Set(target.schemaName ? schemasOf(target) : ['public', 'drizzle', 'pgboss']);
  const foreign = [...contents.schemas].filter((schema) => !expected.has(schema));
  if (foreign.length > 0) {
    const ours = [...contents.schemas].find((schema) => !schema.endsWith('_jobs') && schema !== 'drizzle');
    throw new BackupError(
      `this backup holds the schema(s) ${foreign.join(', ')}, not what the shop uses with ` +
        (target.schemaName ? `DATABASE_SCHEMA=${target.schemaName}` : 'no DATABASE_SCHEMA') +
        (ours && ours !== 'public'
          ? `: restore with DATABASE_SCHEMA=${ours}`
          : ': restore without DATABASE_SCHEMA'),
    );
  }
  const tables = await withClient(target.databaseUrl!, async (client) => {
    const answer = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY($1)`,
      [[...expected]],
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
  if (!contents.hasExtensions) {
    await withClient(target.databaseUrl!, (client) =>
      client.query(
        'CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public; CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public',
      ),
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
 * Runs pg_dump or pg_restore on the database at `url` (`connect: false`: on the file alone) and answers
 * what it printed. The password goes by environment (PGPASSWORD), not on the command line, where every
 * user of the machine could read it.
 */
function runTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  url: string,
  { connect = true }: { connect?: boolean } = {},
): Promise<string> {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    // The URL's own error quotes it, password and all.
    throw new BackupError(
      'DATABASE_URL is not a valid URL (characters such as # or / in the password must be %-encoded)',
    );
  }
  const password = decodeURIComponent(address.password);
  address.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, connect ? [...args, `--dbname=${address.href}`] : args, {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk) => (output += chunk));
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
      code === 0
        ? resolve(output)
        : reject(new BackupError(`${tool} failed (exit ${code}):\n${errors.trim()}`)),
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
