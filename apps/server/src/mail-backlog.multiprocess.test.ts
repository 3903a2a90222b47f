import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { registration } from '#src/test/accounts.ts';
import { createProcessGroup, exited } from '#src/test/server-processes.ts';
import { startSmtpServer } from '#src/test/smtp.ts';

/**
 * Issue 28: the web tier with JOBS_IN_SERVER=false and two `npm run worker` processes draining a mail
 * backlog of 10,000 (a mail server that was down overnight): every mail is sent, and none twice.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const group = createProcessGroup(databaseUrl);
const workers: ChildProcess[] = [];
const backlog = 10_000;
let dataDir: string | undefined;

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
  await group.stopAll();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function startWorker(smtpUrl: string): ChildProcess {
  const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: group.schema,
      DATABASE_POOL_SIZE: '8',
      PAYMENTS_MODE: 'sandbox',
      SMTP_URL: smtpUrl,
      // Not the checkout's .data: a worker watches DATA_DIR/bank-inbox.
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  workers.push(worker);
  return worker;
}

describe.skipIf(!databaseUrl)('a mail backlog drained by two workers', () => {
  it('sends every one of 10,000 queued mails exactly once', async () => {
    const sink = await startSmtpServer();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-mail-backlog-'));
    const web = await group.start({ JOBS_IN_SERVER: 'false', SMTP_URL: sink.url, DATA_DIR: dataDir });
    const sql = await group.sqlClient();
    try {
      await group.waitUntilReady([web]);
      const email = `backlog.${randomBytes(4).toString('hex')}@example.test`;
      const registered = await fetch(`http://127.0.0.1:${web.port}/api/account/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registration(email)),
      });
      expect(registered.status).toBe(202);

      // The backlog: 10,000 welcome mails in the outbox, each with its sending job, as the account
      // routes queue them (mail-outbox.ts), written at once.
      const queued = await sql.query<{ id: number }>(
        `INSERT INTO mails (customer_id, kind, dedupe_key)
         SELECT c.id, 'account-welcome', 'backlog:' || g FROM customers c, generate_series(1, $1::int) g
          WHERE c.email = $2
         RETURNING id`,
        [backlog, email],
      );
      expect(queued.rows).toHaveLength(backlog);
      const ids = queued.rows.map((row) => row.id);
      await group.queueJobs(ids.map((mailId) => ({ name: 'mail.send', data: { mailId } })));

      // The web process sends nothing itself, not even the account's welcome mail queued a moment ago.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(sink.received).toHaveLength(0);
      // Two workers share the queue.
      startWorker(sink.url);
      startWorker(sink.url);
      const total = backlog + 1; // and the account's own welcome mail
      const deadline = Date.now() + 240_000;
      while (sink.received.length < total && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      // A moment longer: a mail sent twice would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 3_000));

      const messageIds = sink.received.map((mail) => /^Message-ID: (.+)$/im.exec(mail.raw)?.[1]?.trim());
      expect(sink.received.length).toBe(total);
      expect(new Set(messageIds).size).toBe(total);
      for (const id of ids.slice(0, 3))
        expect(messageIds.some((m) => m?.startsWith(`<mail-${id}.`))).toBe(true);
      const unsent = await sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM mails WHERE status <> 'sent'",
      );
      expect(unsent.rows[0]!.n).toBe(0);

      for (const worker of workers) worker.kill('SIGTERM');
      for (const worker of workers) expect(await exited(worker)).toBe(0);
    } finally {
      await sql.end();
      await sink.stop();
    }
  }, 330_000);
});
