import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real server processes on one PostgreSQL database, a schema of their own: the DESIGN.md rule that every
 * concurrency guarantee holds with two processes is tested with these.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerProcess = { child: ChildProcess; port: number; output(): string };

export function createProcessGroup(databaseUrl: string | undefined) {
  const schema = `mp_${randomBytes(4).toString('hex')}`;
  const children: ServerProcess[] = [];
  const respawns = new Map<ServerProcess, () => Promise<void>>();

  function spawnOn(server: ServerProcess, output: { text: string }, env: Record<string, string>) {
    server.child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PORT: String(server.port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        PAYMENTS_MODE: 'sandbox',
        DATABASE_SCHEMA: schema,
        DATABASE_POOL_SIZE: '4',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.child.stdout?.on('data', (chunk) => (output.text += chunk));
    server.child.stderr?.on('data', (chunk) => (output.text += chunk));
  }

  /** A server process on a port of its own; `port` and `child` change when it has to move (waitUntilReady). */
  async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
    const output = { text: '' };
    const server = { port: await unusedPort(), output: () => output.text } as ServerProcess;
    spawnOn(server, output, env);
    const respawn = async () => {
      output.text += `\n[port ${server.port} was taken; moving]\n`;
      server.port = await unusedPort();
      spawnOn(server, output, env);
    };
    respawns.set(server, respawn);
    children.push(server);
    return server;
  }

  /**
   * Waits for /readyz. A process whose port was taken between the pick and its listen (another suite's
   * server; the port is only bound after migrations) starts again on another port, up to three times.
   */
  async function waitUntilReady(servers: ServerProcess[], timeoutMs = 90_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await Promise.all(
      servers.map(async (server) => {
        let moves = 0;
        for (;;) {
          try {
            const ready = await fetch(`http://127.0.0.1:${server.port}/readyz`, {
              signal: AbortSignal.timeout(2000),
            });
            if (ready.ok) return;
          } catch {}
          if (server.child.exitCode !== null && server.output().includes('EADDRINUSE') && moves < 3) {
            moves++;
            await respawns.get(server)?.();
            continue;
          }
          if (Date.now() > deadline)
            throw new Error(`server on ${server.port} did not become ready:\n${server.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }),
    );
  }

  /** Kills what still runs and drops the schema. */
  async function stopAll(): Promise<void> {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
    if (databaseUrl) await dropSchemas(databaseUrl, schema);
  }

  /** A client on the group's schema, for checks the API does not expose. */
  async function sqlClient() {
    const pg = (await import('pg')).default;
    const client = new pg.Client({
      connectionString: databaseUrl,
      options: `-c search_path=${schema},public`,
    });
    await client.connect();
    return client;
  }

  /**
   * Runs background jobs now, through the processes' own queue (pg-boss), instead of at their next
   * scheduled minute; a process of the group picks each up.
   */
  async function runJobs(...names: string[]): Promise<void> {
    await withQueue(async (boss) => {
      for (const name of names) await boss.send(name, {});
    });
  }

  /** Queues many jobs at once (a thousand per insert), for the processes of the group to run. */
  async function queueJobs(jobs: { name: string; data: object }[]): Promise<void> {
    await withQueue(async (boss) => {
      for (let start = 0; start < jobs.length; start += 1_000)
        await boss.insert(jobs.slice(start, start + 1_000));
    });
  }

  /** The processes' own queue (pg-boss, the group's schema), without working on it. */
  async function withQueue(work: (boss: import('pg-boss')) => Promise<void>): Promise<void> {
    const PgBoss = (await import('pg-boss')).default;
    const boss = new PgBoss({
      connectionString: databaseUrl,
      schema: `${schema}_jobs`,
      supervise: false,
      schedule: false,
      migrate: false,
    });
    boss.on('error', () => {});
    await boss.start();
    try {
      await work(boss);
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
  }

  return { schema, start, waitUntilReady, stopAll, sqlClient, runJobs, queueJobs };
}

/** Removes a test's schema and its job queue's. */
export async function dropSchemas(databaseUrl: string, schema: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
  await client.end();
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

/**
 * A JSON call to a server process with any Host header (fetch cannot set Host, and the host selects the
 * brand). Answers status, parsed body and headers.
 */
export function call(
  port: number,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: http.IncomingHttpHeaders }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {}
          resolve({ status: response.statusCode ?? 0, body: parsed, headers: response.headers });
        });
      },
    );
    request.on('error', reject);
    if (payload) request.write(payload);
    request.end();
  });
}

/**
 * A port nothing listens on, below Linux's ephemeral range (32768–60999): an outgoing connection of a
 * parallel test can take any port in that range between the pick and the server's listen, which a
 * CI run met as EADDRINUSE. Another suite's server can still pick the same one; waitUntilReady moves it.
 */
export async function unusedPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const isFree = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (isFree) return port;
  }
}
