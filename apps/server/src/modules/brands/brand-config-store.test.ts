import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '#src/config.ts';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { createBrandConfigs } from './brand-config.ts';

/**
 * Where a brand's configuration comes from (docs/decisions/031): the newest saved version, else the
 * file; read once until `clear()`, and the one read before kept while a new read fails.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`INSERT INTO brands (short, name) VALUES ('demo', 'Demo') ON CONFLICT DO NOTHING`,
  );
});
afterAll(() => database?.close());

describe('brand configurations with saved versions', () => {
  it('reads the newest version over the file, after a clear, and keeps it while the database is away', async () => {
    let db: Database = database.db;
    const configs = createBrandConfigs({
      assetsDir: path.join(repoRoot, 'assets'),
      assetUrl: undefined,
      get db() {
        return db;
      },
    });
    const shipped = await configs.get('demo');
    expect(shipped).toEqual(await configs.readShipped('demo'));

    const saved = { ...shipped, supportPhone: '+49 30 1234 5678' };
    await database.db.execute(
      sql`INSERT INTO brand_config_versions (brand_id, version, config)
          SELECT id, 1, ${JSON.stringify(saved)}::jsonb FROM brands WHERE short = 'demo'`,
    );
    // Read once: the saved version only after a clear (the shop-change watch calls it).
    expect((await configs.get('demo')).supportPhone).toBe(shipped.supportPhone);
    configs.clear();
    expect((await configs.get('demo')).supportPhone).toBe('+49 30 1234 5678');

    // The database away: the version read before, not the file.
    db = {} as Database;
    configs.clear();
    expect((await configs.get('demo')).supportPhone).toBe('+49 30 1234 5678');
    // A version saved under the database's return is read then.
    db = database.db;
    await database.db.execute(
      sql`INSERT INTO brand_config_versions (brand_id, version, config)
          SELECT id, 2, ${JSON.stringify({ ...saved, supportPhone: '+49 30 9' })}::jsonb FROM brands WHERE short = 'demo'`,
    );
    expect((await configs.get('demo')).supportPhone).toBe('+49 30 9');
  });

  it('refuses a saved version the schema does not accept, naming the field', async () => {
    const configs = createBrandConfigs({
      assetsDir: path.join(repoRoot, 'assets'),
      assetUrl: undefined,
      db: database.db,
    });
    const shipped = await configs.readShipped('demo');
    await database.db.execute(
      sql`INSERT INTO brand_config_versions (brand_id, version, config)
          SELECT id, 3, ${JSON.stringify({ ...shipped, supportMail: 'x' })}::jsonb FROM brands WHERE short = 'demo'`,
    );
    await expect(configs.get('demo')).rejects.toThrow(/supportMail/);
  });
});
