import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '#src/db/client.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { dispatchReminders } from './reminder-dispatch.ts';

/**
 * DESIGN.md: the guarantees hold with several processes on one PostgreSQL. Here several dispatchers run
 * at once on separate connections of the pool (what two processes' jobs, or a cron run next to a queued
 * one, amount to): every reminder is claimed by exactly one of them and gets exactly one mail. Only on
 * PostgreSQL (TEST_DATABASE_URL): PGlite has one connection and runs them one after the other anyway.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('reminder dispatch with concurrent dispatchers', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ withDemoCatalogue: true });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('mails each of 600 reminders once when four dispatchers race for them', async () => {
    const { db } = database;
    const [offer] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM offers WHERE is_active AND brand_id IS NULL ORDER BY id LIMIT 1`,
    );
    await db.execute(sql`UPDATE variants SET stock = 0 WHERE offer_id = ${offer!.id}`);
    await db.execute(
      sql`INSERT INTO stock_reminders (brand_id, locale, email, offer_id)
          SELECT (SELECT id FROM brands ORDER BY id LIMIT 1), 'de', 'race-' || n || '@example.com', ${offer!.id}
          FROM generate_series(1, 600) AS n`,
    );
    await db.execute(sql`UPDATE variants SET stock = 5 WHERE offer_id = ${offer!.id}`);
    // The mails' send jobs are not what is tested here: the outbox rows are.
    const jobs = { enqueue: async () => {} };
    const dispatcher = async () => {
      let claimed = 0;
      for (;;) {
        const count = await dispatchReminders({ db, jobs }, 50);
        claimed += count;
        if (count === 0) return claimed;
      }
    };
    const claimed = await Promise.all([dispatcher(), dispatcher(), dispatcher(), dispatcher()]);
    expect(claimed.reduce((sum, count) => sum + count, 0)).toBe(600);
    const [mails] = await queryRows<{ count: number; recipients: number }>(
      db,
      sql`SELECT count(*)::int AS count, count(DISTINCT recipient)::int AS recipients
          FROM mails WHERE kind = 'back-in-stock'`,
    );
    expect(mails).toEqual({ count: 600, recipients: 600 });
    const [pending] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM stock_reminders WHERE notified_at IS NULL`,
    );
    expect(pending?.count).toBe(0);
  }, 60_000);
});
