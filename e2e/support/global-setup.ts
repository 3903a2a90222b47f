import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminBuild, chromiumPath, type E2eContext, outDir, repoRoot, storefrontBuild } from './config.ts';

/**
 * Starts ONE production server for the whole run: the storefront and back office builds must exist (this builds
 * nothing), the database is a fresh PGlite in a temp folder, so the first start seeds the demo
 * catalogue. Tests get its address through `inject('e2e')`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(chromiumPath)) {
    const message = `e2e: Chromium not found at ${chromiumPath} (apt-get install chromium)`;
    if (process.env.CI) throw new Error(message);
    console.warn(`\n⚠ ${message}: skipping every browser journey.\n`);
    project.provide('e2e', { isEnabled: false, port: 0, baseUrl: '', dataDir: '' } satisfies E2eContext);
    return async () => {};
  }
  if (!existsSync(path.join(storefrontBuild, 'server', 'index.js'))) {
    throw new Error(
      'e2e: the storefront build is missing (apps/storefront/build). Run `npm run build` first, then the tests.',
    );
  }
  if (!existsSync(path.join(adminBuild, 'server', 'entry-server.js'))) {
    throw new Error(
      'e2e: the back office build is missing (apps/admin/dist). Run `npm run build` first, then the tests.',
    );
  }

  const server = await startServer();
  project.provide('e2e', {
    isEnabled: true,
    port: server.port,
    baseUrl: `http://localhost:${server.port}`,
    dataDir: server.dataDir,
  } satisfies E2eContext);
  return server.stop;
}

/**
 * A production server on a fresh PGlite. Journeys that need another configuration (map.e2e.ts: tiles
 * asked of the tile server directly) start one of their own with `env` and a log file of their own.
 */
export async function startServer(options: { env?: Record<string, string>; logName?: string } = {}) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-e2e-'));
  await mkdir(outDir, { recursive: true });
  const logFile = path.join(outDir, options.logName ?? 'server.log');
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_ON_START: 'true',
    // Background jobs in this process: mails, and the bank-statement inbox the transfer journey drops into.
    JOBS_IN_SERVER: 'true',
    // Every journey is one client (loopback) and most are Erika: no limit on their open bank transfers.
    WIRE_TRANSFER_OPEN_LIMIT: '0',
    ...options.env,
  };
  // PGlite unless the journey asks for a PostgreSQL database (startPostgresServer).
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  delete env.STOREFRONT_DEV;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'apps', 'server'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const started = Date.now();
  const url = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 150_000) throw new Error('the server was not ready within 150 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    child.kill('SIGKILL');
    const tail = (await readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-30).join('\n');
    throw new Error(`e2e: ${(error as Error).message}. Server log (${logFile}):\n${tail}`);
  }
  console.log(
    `e2e: production server on port ${port}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  return {
    port,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      log.end();
      await reportServerErrors(logFile);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A production server on a PostgreSQL database the journey made: start two on one database to see a
 * change taken by one process reach the other (issue 26). Payments in the sandbox, as on PGlite.
 */
export function startPostgresServer(
  databaseUrl: string,
  options: { env?: Record<string, string>; logName?: string } = {},
) {
  return startServer({
    ...options,
    env: { PAYMENTS_MODE: 'sandbox', ...options.env, DATABASE_URL: databaseUrl },
  });
}

/** Errors the server logged while the journeys ran are app bugs worth a look even when tests pass. */
async function reportServerErrors(logFile: string): Promise<void> {
  const lines = (await readFile(logFile, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  const errors = lines.filter((line) => {
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
    } catch {
      return true; // not a pino line: a crash or console.error
    }
  });
  if (errors.length > 0) {
    console.warn(`\n⚠ e2e: the server logged ${errors.length} error line(s) (${logFile}):`);
    for (const line of errors.slice(0, 10)) console.warn(`  ${line.slice(0, 500)}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}
