import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';

/**
 * Issue 23: the start seeds in one transaction, on one connection. The seed sent its variant, text and
 * theme inserts side by side on it; node-postgres warns that a client already executing a query was
 * given another (deprecated; pg 9 refuses it). Only a PostgreSQL server shows it: PGlite has no pg client.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
let database: DatabaseHandle;
const warnings: string[] = [];
const noteWarning = (warning: Error) => warnings.push(warning.message);

beforeAll(async () => {
  database = await createTestDatabase();
  process.on('warning', noteWarning);
});
afterAll(async () => {
  process.off('warning', noteWarning);
  await database.close();
});

describe.skipIf(!databaseUrl)('the demo seed in one transaction on PostgreSQL', () => {
  it('sends one query at a time on its connection', async () => {
    await database.db.transaction((transaction) => seedDemoCatalogue(transaction as unknown as Database, {}));
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });
});
