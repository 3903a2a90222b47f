/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (db/backup.ts): the whole shop to a file and
 * back, on PostgreSQL (DATABASE_URL, DATABASE_SCHEMA) or the embedded database (DATA_DIR). Exit codes:
 * 0 done, 1 failed, 2 bad usage.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { BackupError, backUp, restore } from './db/backup.ts';
import { DataDirInUse } from './db/data-dir-lock.ts';

// `npm run backup` runs in apps/server; the operator's file is relative to where they typed it.
const operatorCwd = process.env.INIT_CWD ?? process.cwd();

async function main(): Promise<number> {
  const [command, ...files] = process.argv.slice(2).filter((argument) => argument !== '--');
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1) {
    console.error('usage: npm run backup -- <file>   |   npm run restore -- <file>');
    return 2;
  }
  const file = path.resolve(operatorCwd, files[0]!);
  let config: Config;
  try {
    // Neither takes payments: a DATABASE_URL without PAYMENTS_MODE is fine here, unlike for the server.
    config = loadConfig({ ...process.env, PAYMENTS_MODE: process.env.PAYMENTS_MODE || 'sandbox' });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${command}: ${error.message}`);
    return 2;
  }
  const target = {
    databaseUrl: config.databaseUrl,
    schemaName: config.databaseSchema,
    dataDir: config.dataDir,
  };
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `the embedded database in ${config.dataDir}`;
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  try {
    if (command === 'backup') {
      await backUp(target, file);
      const { size } = await stat(file);
      console.log(`backup: ${where} → ${file} (${(size / 1e6).toFixed(1)} MB, ${seconds()})`);
    } else {
      await restore(target, file);
      console.log(`restore: ${file} → ${where} (${seconds()}); start the shop on it`);
    }
    return 0;
  } catch (error) {
    if (error instanceof DataDirInUse) {
      console.error(`${command}: ${error.message}`);
      console.error(`${command}: stop the shop, run it again, then start the shop`);
      return 1;
    }
    if (error instanceof BackupError) {
      console.error(`${command}: ${error.message}`);
      return 1;
    }
    // The database unreachable, a full disk: the cause in one line, not a stack trace.
    console.error(`${command}: failed: ${(error as Error).message}`);
    return 1;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`${process.argv[2]}: failed: ${(error as Error).message}`);
    process.exitCode = 1;
  },
);
