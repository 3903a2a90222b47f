import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '#src/db/client.ts';

/**
 * A migrated, empty database for one test file: in-memory PGlite by default, or a fresh schema on the
 * PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const schemaName = url ? `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}` : undefined;
  const handle = await openDatabase({ url, dataDir: 'memory://', poolSize: 8, schemaName });
  await handle.migrate();
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
