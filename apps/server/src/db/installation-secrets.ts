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
