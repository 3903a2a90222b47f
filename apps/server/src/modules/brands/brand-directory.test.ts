import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { seedDemoCatalogue } from '#src/seed/demo-catalogue.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { createBrandDirectory } from './brand-directory.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoCatalogue(database.db, { offers: 30 });
});
afterAll(() => database.close());

it('reads the brands once per TTL, not on every request', async () => {
  const brands = createBrandDirectory(database.db, { defaultShort: 'demo', ttlMs: 60_000 });
  expect((await brands.resolve('autoclub.localhost')).short).toBe('autoclub');
  await database.db.execute(sql`UPDATE brands SET name = 'Renamed' WHERE short = 'autoclub'`);
  expect((await brands.resolve('autoclub.localhost')).name).not.toBe('Renamed');
  brands.refresh();
  expect((await brands.resolve('autoclub.localhost')).name).toBe('Renamed');
});
