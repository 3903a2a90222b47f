import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, exited, unusedPort } from '#src/test/server-processes.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `src/main.ts` in production on the embedded database in `dataDir`, its stdout and stderr apart. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PAYMENTS_MODE: 'sandbox',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (output.stdout += chunk));
  child.stderr.on('data', (chunk) => (output.stderr += chunk));
  return { child, output };
}

/**
 * A deployment on an IP address (issue 23): brand addresses that are URLs, a clear refusal where there
 * can be none, and hosts no URL can be built from answered 400 without anything outside the JSON log.
 */
describe('a shop whose PUBLIC_URL is an IP address', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-public-url-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('serves every brand on a loopback IP, and answers Host x.1 or demo.0 with a 400 and no stack on stderr', async () => {
    const port = await unusedPort();
    const server = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    try {
      const deadline = Date.now() + 150_000;
      for (;;) {
        const ready = await call(port, 'GET', '/readyz').catch(() => null);
        if (ready?.status === 200) break;
        if (server.child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`the server did not start:\n${server.output.stdout}${server.output.stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const autoclub = await call(port, 'GET', '/robots.txt', undefined, {
        host: `autoclub.localhost:${port}`,
      });
      expect(autoclub.body).toContain(`Sitemap: http://autoclub.localhost:${port}/sitemap.xml`);
      for (const host of ['x.1', 'demo.0', `autoclub.x.1:${port}`]) {
        for (const url of ['/', '/urlaub-finden', '/api/menu', '/media/hero/demo/m.webp']) {
          const answer = await call(port, 'GET', url, undefined, { host, 'accept-language': 'en' });
          expect(answer.status, `${host} ${url}`).toBe(400);
          expect(answer.headers['content-type']).toContain('application/problem+json');
          expect(answer.body).toMatchObject({
            type: 'validation-error',
            detail: 'Host: not a valid host name',
          });
        }
      }
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    expect(server.output.stderr).toBe('');
    for (const line of server.output.stdout.split('\n').filter(Boolean)) {
      expect(() => JSON.parse(line), line).not.toThrow();
    }
  }, 200_000);

  it('refuses to start on another IP address while brands have no host of their own, naming them', async () => {
    // The database the test above seeded: its brands have no hosts.
    const port = await unusedPort();
    const server = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://192.0.2.10:${port}`,
    });
    expect(await exited(server.child)).toBe(2);
    expect(server.output.stderr).toContain(
      `PUBLIC_URL: the brands autoclub, familyclub, sparbuch, viaggi, dealjaeger have no address under http://192.0.2.10:${port}`,
    );
  }, 120_000);
});
