import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase, queryRows } from '#src/db/client.ts';
import { seedDemoCatalogue } from '#src/seed/demo-catalogue.ts';
import { pgliteTemplate } from './pglite-templates.ts';

/**
 * A migrated database for one test file, empty or holding the demo catalogue: in-memory PGlite by
 * default (from the run's template when there is one: test/pglite-templates.ts), or a fresh schema on
 * the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).
 */
export async function createTestDatabase(
  options: {
    withDemoCatalogue?: boolean;
    /** PGlite: a folder on disk instead of memory. */
    dataDir?: string;
  } = {},
): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const schemaName = url ? `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}` : undefined;
  const template = url
    ? undefined
    : pgliteTemplate(options.withDemoCatalogue ? 'demo-catalogue' : 'migrated');
  const handle = await openDatabase({
    url,
    dataDir: options.dataDir ?? 'memory://',
    loadDataDir: template,
    poolSize: 8,
    schemaName,
  });
  if (!template) {
    await handle.migrate();
    if (options.withDemoCatalogue) await seedDemoCatalogue(handle.db, {});
  }
  if (!url) return handle;
  return {
    ...handle,
    close: async () => {
      await handle.db.execute(sql.raw(`DROP SCHEMA ${schemaName} CASCADE`)).catch(() => {});
      // The job queue's tables (modules/jobs) live in a schema named after ours.
      await handle.db.execute(sql.raw(`DROP SCHEMA IF EXISTS ${schemaName}_jobs CASCADE`)).catch(() => {});
      await handle.close();
    },
  };
}

/**
 * Time passes for one row: every timestamp column of `table`'s row `id` moves back by `interval` (e.g.
 * '1 hour'), so that whatever the code computes from them (a wait, a due time) sees that much time gone,
 * without the test naming the columns.
 */
export async function timePasses(
  db: DatabaseHandle['db'],
  table: string,
  id: number | string,
  interval: string,
): Promise<void> {
  const columns = await queryRows<{ name: string }>(
    db,
    sql`SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ${table}
          AND data_type = 'timestamp with time zone'`,
  );
  const sets = columns.map(
    ({ name }) => sql`${sql.identifier(name)} = ${sql.identifier(name)} - ${interval}::interval`,
  );
  await db.execute(sql`UPDATE ${sql.identifier(table)} SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}
