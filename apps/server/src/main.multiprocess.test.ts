import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const databaseUrl = process.env.TEST_DATABASE_URL;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schema = `mp_${randomBytes(4).toString('hex')}`;
const children: ChildProcess[] = [];

function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      DATABASE_POOL_SIZE: '4',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  children.push(child);
  return { child, output: () => output };
}

async function waitForHealth(port: number, deadline: number) {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server on ${port} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (databaseUrl) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  }
});

// Needs a PostgreSQL server: PGlite is one process's database.
describe.skipIf(!databaseUrl)('two server processes on one new PostgreSQL database', () => {
  it('migrate and seed once, serve the same catalogue and shut down gracefully', async () => {
    const first = startServer(3611);
    const second = startServer(3612);
    const deadline = Date.now() + 90_000;
    await Promise.all([waitForHealth(3611, deadline), waitForHealth(3612, deadline)]);

    const answers = await Promise.all(
      [3611, 3612].map(async (port) => {
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
