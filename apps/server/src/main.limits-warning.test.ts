import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { perProcessLimitsWarning } from './http/rate-limit.ts';
import { localOutboxWarning } from './modules/mail/mail-transport.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `src/main.ts` until it prints `until`, exits, or 50 s have passed; answers its output. */
function runServer(env: Record<string, string>, until: RegExp) {
  return new Promise<string>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (until.test(output)) child.kill('SIGKILL');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
}

/**
 * docs/decisions/021-lock-outs.md: without REDIS_URL every process counts the rate limits on its own.
 * The warning comes before the database is opened, so none need exist.
 */
const serverDeployment = {
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  PAYMENTS_MODE: 'sandbox',
  LOG_LEVEL: 'warn',
  PORT: '0',
};
const warning = /"level":40.*REDIS_URL is not set: .*set REDIS_URL to share the counters/;

describe('the rate-limit warning at start', () => {
  it('names REDIS_URL when several processes count in memory', async () => {
    const output = await runServer({ ...serverDeployment, WEB_CONCURRENCY: '2' }, warning);
    expect(output).toMatch(warning);
    expect(output).toContain(
      'each of the 2 server processes (WEB_CONCURRENCY) counts the rate limits in its own memory, so together they allow 2 times each limit',
    );
  }, 60_000);

  it('warns a single process on a database server too (more machines may share it)', async () => {
    const output = await runServer(serverDeployment, warning);
    expect(output).toMatch(warning);
    expect(output).toContain('several machines on this database together allow that many times each limit');
  }, 60_000);

  it('says nothing with REDIS_URL, or for the one process on the embedded database', () => {
    const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'production', ...env });
    expect(
      perProcessLimitsWarning(
        config({ ...serverDeployment, WEB_CONCURRENCY: '2', REDIS_URL: 'redis://x:6379' }),
      ),
    ).toBeNull();
    expect(perProcessLimitsWarning(config({ PAYMENTS_MODE: 'sandbox' }))).toBeNull();
  });
});

describe('the mail warning at start', () => {
  const outboxWarning = /"level":40.*SMTP_URL is not set: mails are written to DATA_DIR\/outbox/;

  it('says that mails stay on the machine without SMTP_URL on a database server', async () => {
    const output = await runServer({ ...serverDeployment, REDIS_URL: 'redis://127.0.0.1:1' }, outboxWarning);
    expect(output).toMatch(outboxWarning);
  }, 60_000);

  it('says nothing with SMTP_URL, or on the embedded database (its outbox is the demo mailbox)', () => {
    const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'production', ...env });
    expect(localOutboxWarning(config({ ...serverDeployment, SMTP_URL: 'smtp://mail:25' }))).toBeNull();
    expect(localOutboxWarning(config({ PAYMENTS_MODE: 'sandbox' }))).toBeNull();
  });
});
