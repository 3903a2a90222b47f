import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from './client.ts';

/**
 * The installation's secret called `name`, made from `candidate` if there is none yet. Of several
 * processes starting at once, the first insert wins and every process reads back that one value.
 */
export async function findOrCreateInstallationSecret(
  db: Database,
  name: string,
  candidate: string,
): Promise<string> {
  await queryRows(
    db,
    sql`INSERT INTO installation_secrets (name, value) VALUES (${name}, ${candidate})
      ON CONFLICT (name) DO NOTHING`,
  );
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`SELECT value FROM installation_secrets WHERE name = ${name}`,
  );
  if (!row) throw new Error(`installation secret ${name} vanished after insert`);
  return row.value;
}

const randomKeys = new Map<string, WeakMap<Database, Promise<string>>>();

/**
 * A random 32-byte key of the installation (base64url), created on first use and read once per process
 * and database: for HMACs that must agree across processes and restarts (unsubscribe links, client
 * hashes). A read that fails is tried again by the next caller.
 */
export function installationKey(db: Database, name: string): Promise<string> {
  let byDatabase = randomKeys.get(name);
  if (!byDatabase) {
    byDatabase = new WeakMap();
    randomKeys.set(name, byDatabase);
  }
  let key = byDatabase.get(db);
  if (!key) {
    key = findOrCreateInstallationSecret(db, name, randomBytes(32).toString('base64url'));
    byDatabase.set(db, key);
    const cached = byDatabase;
    key.catch(() => cached.delete(db));
  }
  return key;
}
