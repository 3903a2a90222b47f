import { afterAll, describe, expect, it } from 'vitest';
import { createProcessGroup, exited } from '#src/test/server-processes.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const group = createProcessGroup(databaseUrl);
const { schema } = group;

afterAll(() => group.stopAll());

// Needs a PostgreSQL server: PGlite is one process's database.
describe.skipIf(!databaseUrl)('two server processes on one new PostgreSQL database', () => {
  it('migrate and seed once, serve the same catalogue and shut down gracefully', async () => {
    const first = await group.start();
    const second = await group.start();
    await group.waitUntilReady([first, second]);

    const answers = await Promise.all(
      [first.port, second.port].map(async (port) => {
        const response = await fetch(`http://127.0.0.1:${port}/api/offer/available-countries`);
        return (await response.json()) as { iso: string; count: number }[];
      }),
    );
    expect(answers[0]?.length).toBeGreaterThanOrEqual(10);
    expect(answers[1]).toEqual(answers[0]);

    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const brands = await client.query(`SELECT count(*)::int AS n FROM ${schema}.brands`);
    const offers = await client.query(`SELECT count(*)::int AS n FROM ${schema}.offers`);
    const migrations = await client.query(`SELECT count(*)::int AS n FROM ${schema}.__drizzle_migrations`);
    await client.end();
    expect(brands.rows[0].n).toBe(6);
    expect(offers.rows[0].n).toBe(540);
    expect(migrations.rows[0].n).toBeGreaterThanOrEqual(2);

    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
    expect(await exited(first.child), first.output()).toBe(0);
    expect(await exited(second.child), second.output()).toBe(0);
  });
});
