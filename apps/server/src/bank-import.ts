import { readFile } from 'node:fs/promises';
import { formatPrice } from '@shop/contracts/money';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUse } from './db/data-dir-lock.ts';
import { importStatement } from './modules/bank/bank-import.ts';
import { StatementFormatError } from './modules/bank/camt053.ts';

/**
 * `npm run bank-import -- statement.xml`: imports a camt.053 bank statement (modules/bank) and prints
 * what it did with every entry. Jobs it causes (the payment mails) are queued for the server or worker.
 */
async function main(): Promise<void> {
  const files = process.argv.slice(2).filter((argument) => argument !== '--');
  if (files.length === 0) throw new ConfigError(['usage: npm run bank-import -- <camt.053 file> […]']);
  const config = { ...loadConfig(), jobsInServer: false, seedOnStart: false, logLevel: 'warn' };
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 4,
    schemaName: config.databaseSchema,
  });
  await database.migrate();
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    for (const file of files) {
      const report = await importStatement({ db: database.db, jobs: app.jobs }, await readFile(file));
      console.log(`${file}: ${report.entries.length} entries`);
      for (const line of report.entries) {
        const amount = formatPrice(line.entry.amountCents, 'de', line.entry.currency);
        const order = line.orderId ? ` order ${line.orderId}` : '';
        const detail = line.detail ? ` (${line.detail})` : '';
        console.log(
          `  ${line.outcome.padEnd(16)} ${line.entry.bookingDate} ${amount.padStart(14)}${order}${detail}  ${line.entry.remittance.slice(0, 60)}`,
        );
      }
      console.log(
        `  ${Object.entries(report.counts)
          .map(([outcome, count]) => `${outcome}: ${count}`)
          .join(', ')}`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof StatementFormatError ||
    error instanceof DataDirInUse
  ) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
