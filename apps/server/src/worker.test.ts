import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dropSchemas } from '#src/test/server-processes.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe.skipIf(!databaseUrl)('npm run worker', () => {
  it('runs below the web processes’ CPU priority, every thread of it, so that an import waits while searches are answered', async () => {
    const schema = `worker_${randomBytes(4).toString('hex')}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATABASE_URL: databaseUrl,
        DATABASE_SCHEMA: schema,
        PAYMENTS_MODE: 'sandbox',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      const deadline = Date.now() + 60_000;
      while (!output.includes('worker ready') && Date.now() < deadline && child.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toContain('worker ready');
      // Below normal, or lower still when the test runs at a lower priority already.
      expect(os.getPriority(child.pid)).toBeGreaterThanOrEqual(os.constants.priority.PRIORITY_BELOW_NORMAL);
      // Every thread of it, on Linux where each has its own: V8's garbage collector threads among them.
      if (existsSync(`/proc/${child.pid}/task`)) {
        const threads = readdirSync(`/proc/${child.pid}/task`).map(Number);
        expect(threads.length).toBeGreaterThan(1);
        for (const thread of threads) {
          expect(os.getPriority(thread)).toBeGreaterThanOrEqual(os.constants.priority.PRIORITY_BELOW_NORMAL);
        }
      }
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await dropSchemas(databaseUrl!, schema);
    }
  }, 90_000);
});
