import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { registration, testPassword } from '#src/test/accounts.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { httpShop, payWithPayPal, readyCart, variantsInStock } from '#src/test/orders.ts';
import { createProcessGroup } from '#src/test/server-processes.ts';

/**
 * `npm run backup` and `npm run restore` as an operator runs them, on the database the suite runs on
 * (the embedded one by default, PostgreSQL with TEST_DATABASE_URL): a shop with an account, a paid order,
 * its vouchers and invoice is backed up, restored into a fresh database, and a server started on that.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const databaseUrl = process.env.TEST_DATABASE_URL;
const group = createProcessGroup(databaseUrl);
const folders: string[] = [];
const databases: string[] = [];

afterAll(async () => {
  await group.stopAll();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
  if (databaseUrl) for (const name of databases) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

async function folder(name: string): Promise<string> {
  const made = await mkdtemp(path.join(os.tmpdir(), `shop-${name}-`));
  folders.push(made);
  return made;
}

/** A statement on the PostgreSQL server's maintenance connection (CREATE and DROP DATABASE). */
async function admin(statement: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The command as the operator runs it (npm run backup|restore -- file), with exit code and output. */
function command(
  name: 'backup' | 'restore',
  file: string | string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const files = typeof file === 'string' ? [file] : file;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/backup-cli.ts', name, ...files], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: undefined, DATABASE_SCHEMA: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const password = testPassword;
const invoiceSequence = (invoiceNumber: string) => Number(invoiceNumber.split('-').at(-1));

describe('backup and restore', () => {
  it('restores a shop into a fresh database: the customer signs in, the voucher downloads, the next invoice follows the last', async () => {
    const sourceDir = await folder('backup-source');
    const backupFile = path.join(await folder('backup-file'), 'shop.backup');
    const shop: TestApp = await createTestApp({
      dataDir: sourceDir,
      env: { DATA_DIR: sourceDir },
    });
    const source = {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: shop.database.schemaName,
      DATA_DIR: sourceDir,
    };

    // The shop before the loss: a customer with an account, a paid order with vouchers and an invoice.
    const email = `backup.${randomBytes(4).toString('hex')}@example.test`;
    const registered = await shop.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: registration(email, password),
    });
    expect(registered.statusCode, registered.body).toBe(202);
    const signedIn = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: email, password },
    });
    const accessToken = signedIn.json().accessToken.token as string;
    const [variantId] = await variantsInStock(shop.database.db);
    const cart = await readyCart(shop.app, variantId!);
    await payWithPayPal(shop.app, cart);
    const paid = (
      await shop.app.inject({ method: 'GET', url: `/api/order/${cart.orderId}/${cart.key}` })
    ).json();
    expect(paid.status).toBe('paid');
    const voucherId = paid.vouchers[0].id as number;
    const voucherUrl = `/api/voucher/download/${cart.orderId}/${cart.key}/${voucherId}.pdf`;
    const voucherBefore = await shop.app.inject({ method: 'GET', url: voucherUrl });
    expect(voucherBefore.statusCode).toBe(200);

    // What a machine keeps beside the database (rendered pictures, the local mail outbox) is no part of it.
    await mkdir(path.join(sourceDir, 'media'), { recursive: true });
    await writeFile(path.join(sourceDir, 'media', 'cached.webp'), 'a rendered picture');
    await mkdir(path.join(sourceDir, 'outbox'), { recursive: true });
    await writeFile(path.join(sourceDir, 'outbox', 'sent.eml'), 'a mail');

    // PostgreSQL is backed up while the shop runs; the embedded database belongs to one process, so
    // the shop stops first (and the command says so while it runs: below).
    if (databaseUrl) {
      const backup = await command('backup', backupFile, source);
      expect(backup.code, backup.output).toBe(0);
      await shop.close();
    } else {
      const refused = await command('backup', backupFile, source);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/is in use by process \d+ .*stop the shop/s);
      await shop.close();
      const backup = await command('backup', backupFile, source);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(/backup: the embedded database in .* → .*shop\.backup \(\d+\.\d MB/);
    }
    // Only its owner may read it: it holds every customer's data and the installation secrets.
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    // The lost shop is gone for good.
    await rm(sourceDir, { recursive: true, force: true });
    if (databaseUrl) await admin(`DROP SCHEMA ${source.DATABASE_SCHEMA} CASCADE`).catch(() => {});

    // A fresh database: an empty PostgreSQL database, or an empty DATA_DIR.
    const restoredDir = await folder('backup-restored');
    let target: Record<string, string | undefined> = { DATA_DIR: restoredDir };
    if (databaseUrl) {
      const name = `restored_${randomBytes(4).toString('hex')}`;
      databases.push(name);
      await admin(`CREATE DATABASE ${name}`);
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      target = { ...target, DATABASE_URL: url.href, DATABASE_SCHEMA: source.DATABASE_SCHEMA };
      // Restored where the shop configured without the schema would never look: refused, naming it.
      const elsewhere = await command('restore', backupFile, { ...target, DATABASE_SCHEMA: undefined });
      expect(elsewhere.code).toBe(1);
      expect(elsewhere.output).toContain(`restore with DATABASE_SCHEMA=${source.DATABASE_SCHEMA}`);
    }
    const restored = await command('restore', backupFile, target);
    expect(restored.code, restored.output).toBe(0);
    // Restoring over a shop would mix two: refused, and the restored one stays as it is.
    const again = await command('restore', backupFile, target);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds/);
    if (!databaseUrl) expect((await readdir(restoredDir)).sort()).not.toContain('media');
    if (!databaseUrl) expect(await readdir(restoredDir)).not.toContain('outbox');

    const server = await group.start({
      ...(target as Record<string, string>),
      SEED_ON_START: 'false',
      JOBS_IN_SERVER: 'false',
    });
    await group.waitUntilReady([server]);
    const restoredShop = httpShop(`http://127.0.0.1:${server.port}`);

    // The customer signs in with their password; a token the lost shop signed still holds, because the
    // installation secrets came back with the tables.
    const signedInAgain = await restoredShop.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: email, password },
    });
    expect(signedInAgain.statusCode, signedInAgain.body).toBe(200);
    const me = await fetch(`http://127.0.0.1:${server.port}/api/account/me`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { userName: string }).userName).toBe(email);

    // The voucher downloads with the order's key, the same document as before.
    const voucher = await fetch(`http://127.0.0.1:${server.port}${voucherUrl}`);
    expect(voucher.status).toBe(200);
    expect(voucher.headers.get('content-type')).toMatch(/application\/pdf/);
    expect(
      Buffer.from(await voucher.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The next order's invoice number follows the last one issued before the backup.
    const next = await readyCart(restoredShop, variantId!);
    await payWithPayPal(restoredShop, next);
    const nextOrder = (
      await restoredShop.inject({ method: 'GET', url: `/api/order/${next.orderId}/${next.key}` })
    ).json();
    expect(nextOrder.invoiceNumber.slice(0, -6)).toBe(paid.invoiceNumber.slice(0, -6));
    expect(invoiceSequence(nextOrder.invoiceNumber)).toBe(invoiceSequence(paid.invoiceNumber) + 1);
  }, 180_000);

  it('refuses a file that is not a backup, and a backup of the other kind of database', async () => {
    const dataDir = await folder('backup-wrong');
    // A mistyped DATA_DIR holds no database: nothing is backed up, and nothing made there.
    if (!databaseUrl) {
      const nothing = await command('backup', path.join(dataDir, 'empty.backup'), {
        DATA_DIR: path.join(dataDir, 'typo'),
      });
      expect(nothing.code).toBe(1);
      expect(nothing.output).toMatch(/there is no embedded database in .*typo/);
      expect(await readdir(dataDir)).toEqual([]);
    }
    const notABackup = path.join(dataDir, 'notes.txt');
    await writeFile(notABackup, 'hello');
    const wrong = await command('restore', notABackup, { DATA_DIR: path.join(dataDir, 'db') });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toMatch(/is not a backup made by npm run backup/);
    // pg_dump's files start with PGDMP; the embedded database cannot take one.
    const pgDump = path.join(dataDir, 'postgres.backup');
    await writeFile(pgDump, 'PGDMP\x01\x0e');
    const otherKind = await command('restore', pgDump, { DATA_DIR: path.join(dataDir, 'db') });
    expect(otherKind.code).toBe(1);
    expect(otherKind.output).toMatch(/is a PostgreSQL backup: restore it with DATABASE_URL/);
    const missing = await command('restore', path.join(dataDir, 'nothing.backup'), { DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/does not exist/);
    const usage = await command('restore', [], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2);
    expect(usage.output).toMatch(/usage: npm run backup -- <file>/);
  });
});
