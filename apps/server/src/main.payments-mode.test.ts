import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `src/main.ts` until it exits or prints `until`; answers its exit code (null = still running) and output. */
function runServer(env: Record<string, string>, until?: RegExp) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (until?.test(output)) {
        child.kill('SIGKILL');
        resolve({ code: null, output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the payments mode at start', () => {
  it('refuses to start a deployment on a database server that does not name its payments mode', async () => {
    // The check comes before any connection: the database need not exist.
    const { code, output } = await runServer({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(code).toBe(2);
    expect(output).toContain('PAYMENTS_MODE: required with DATABASE_URL');
  });

  it('refuses to start a production shop with a public address on the embedded database without it', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-payments-mode-'));
    try {
      // On the code before issue 23 this started (and took simulated payments): stop it when it listens.
      const { code, output } = await runServer(
        { DATA_DIR: dataDir, SEED_ON_START: 'false', PORT: '0', PUBLIC_URL: 'https://shop.example' },
        /shop API ready/,
      );
      expect(code).toBe(2);
      expect(output).toContain('PAYMENTS_MODE: required in production with PUBLIC_URL');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('runs the local demo as `npm start` does (production, nothing set): simulated payments, said at start', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-sandbox-warning-'));
    try {
      const { output } = await runServer(
        { DATA_DIR: dataDir, SEED_ON_START: 'false', PORT: '0', LOG_LEVEL: 'warn' },
        /PAYMENTS_MODE=sandbox/,
      );
      expect(output).toMatch(/"level":40.*PAYMENTS_MODE=sandbox: payments are simulated/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
