import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { unusedPort } from '#src/test/server-processes.ts';

/**
 * `npm run dev` (README): the shop with the storefront served through Vite, restarted only when the
 * server's code changes. Once on the embedded database (the PostgreSQL pass of CI would only repeat it).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const port = await unusedPort();
let child: ChildProcess | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  // npm starts tsx watch, which starts the server: the whole process group goes.
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('npm run dev', () => {
  it('serves the home page through Vite and does not restart by itself', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-dev-'));
    const started = spawn('npm', ['run', 'dev'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child = started;
    let output = '';
    started.stdout?.on('data', (chunk) => (output += chunk));
    started.stderr?.on('data', (chunk) => (output += chunk));

    const deadline = Date.now() + 90_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`npm run dev did not become ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<main id="main"');
    // A watcher that takes Vite's temporary files for changed code restarts the server every few seconds.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(output).not.toMatch(/Restarting/);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).ok).toBe(true);
  }, 150_000);
});
