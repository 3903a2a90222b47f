import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { Registry } from 'prom-client';
import { createBackgroundWork } from './background-work.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { DataDirInUse } from './db/data-dir-lock.ts';
import { logOptions } from './http/logging.ts';
import { parseCamt053, StatementFormatError } from './modules/bank/camt053.ts';
import { formatImportReport } from './modules/bank/import-report.ts';
import {
  bankInboxDir,
  dropIntoInbox,
  inboxFolders,
  reportName,
  uniqueStatementName,
  waitForInboxReport,
} from './modules/bank/inbox-files.ts';
import { importRecordedStatement } from './modules/bank/statement-records.ts';

// `npm run bank-import` runs in apps/server; the operator's folder is where they typed it.
const operatorCwd = process.env.INIT_CWD ?? process.cwd();
const reportTimeoutMs = 60_000;

/**
 * `npm run bank-import -- statement.xml`: imports a camt.053 bank statement (modules/bank) and prints
 * what it did with every entry. Jobs it causes (the payment mails) are queued for the server or worker.
 * When the running shop holds the embedded database, the statement is handed to the shop's inbox
 * instead (DATA_DIR/bank-inbox, modules/bank/bank-inbox.ts) and its report printed once it is there.
 */
async function main(): Promise<number> {
  const files = process.argv.slice(2).filter((argument) => argument !== '--');
  if (files.length === 0) throw new ConfigError(['usage: npm run bank-import -- <camt.053 file> […]']);
  const config = { ...loadConfig(), jobsInServer: false, seedOnStart: false, logLevel: 'warn' };
  const statements = await Promise.all(files.map(async (file) => ({ file, xml: await readStatement(file) })));
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: 4,
      schemaName: config.databaseSchema,
    });
  } catch (error) {
    if (error instanceof DataDirInUse) return handToRunningShop(config, statements);
    throw error;
  }
  await database.migrate();
  // The queue only to enqueue the mails a payment causes; the server or worker sends them.
  const background = createBackgroundWork({
    config,
    database,
    log: pino(logOptions('warn')),
    registry: new Registry(),
  });
  await background.start();
  try {
    for (const { file, xml } of statements) {
      const report = await importRecordedStatement(background.checkout, xml, {
        fileName: path.basename(file),
        source: 'command',
      }).catch((error: unknown) => {
        throw error instanceof StatementFormatError ? new StatementError(file, error.message) : error;
      });
      for (const line of formatImportReport(file, report)) console.log(line);
    }
  } finally {
    await background.stop();
    await database.close();
  }
  return 0;
}

/** The file's bytes; a missing or unreadable one stops the import before anything is done. */
async function readStatement(file: string): Promise<Buffer> {
  try {
    return await readFile(path.resolve(operatorCwd, file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new StatementError(file, 'no such file');
    if (code === 'EISDIR') throw new StatementError(file, 'a folder, not a camt.053 file');
    throw error;
  }
}

/** Names the file a problem is about; printed as `<file>: <problem>`. */
class StatementError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
  }
}

/** `parseCamt053`, with the file named in its error. */
function checkStatement(file: string, xml: Buffer): void {
  try {
    parseCamt053(xml);
  } catch (error) {
    if (error instanceof StatementFormatError) throw new StatementError(file, error.message);
    throw error;
  }
}

/** A path as the operator reads it best: relative to their folder when inside it, else absolute. */
function shownPath(file: string): string {
  const relative = path.relative(operatorCwd, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/**
 * The shop runs on the embedded database, which one process at a time may open: the statements go to
 * its inbox (renamed into place, so it never reads half a file), and the shop's job imports them.
 */
async function handToRunningShop(config: Config, statements: { file: string; xml: Buffer }[]) {
  // A file that is no statement is refused here, as a direct import would, not left for the shop to file away.
  for (const { file, xml } of statements) checkStatement(file, xml);
  const inbox = bankInboxDir(config.dataDir);
  console.log(
    `The shop is running on the embedded database in ${shownPath(config.dataDir)}, so it imports the ` +
      `statement${statements.length > 1 ? 's' : ''} itself (through ${shownPath(inbox)}, usually within seconds).`,
  );
  const handed: { file: string; name: string }[] = [];
  for (const { file, xml } of statements) {
    const name = uniqueStatementName(file);
    await dropIntoInbox(inbox, name, xml);
    handed.push({ file, name });
    console.log(
      `${file}: handed over as ${shownPath(path.join(inbox, name))}; its report will be written to ` +
        `${shownPath(path.join(inboxFolders(inbox).done, reportName(name)))}`,
    );
  }
  console.log(`Waiting up to ${reportTimeoutMs / 1000} s for the shop's report…`);
  let exitCode = 0;
  const stopAt = Date.now() + reportTimeoutMs;
  for (const { file, name } of handed) {
    const found = await waitForInboxReport(inbox, name, { timeoutMs: Math.max(0, stopAt - Date.now()) });
    if (!found) {
      console.error(
        `${file}: no report after ${reportTimeoutMs / 1000} s. The shop imports the inbox every minute ` +
          'while it runs background jobs (JOBS_IN_SERVER, default true); the report will appear in ' +
          `${shownPath(inboxFolders(inbox).done)} (or ${shownPath(inboxFolders(inbox).failed)}) under ${reportName(name)}.`,
      );
      exitCode = 1;
      continue;
    }
    const { report } = found;
    if (report.status === 'failed') {
      console.error(`${file}: ${report.error} (moved to ${shownPath(path.join(inbox, report.movedTo))})`);
      exitCode = 2;
      continue;
    }
    for (const line of formatImportReport(file, report)) console.log(line);
    console.log(`  report: ${shownPath(found.path)}`);
  }
  return exitCode;
}

main()
  .then((exitCode) => process.exit(exitCode))
  .catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof StatementError || error instanceof DataDirInUse) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  });
