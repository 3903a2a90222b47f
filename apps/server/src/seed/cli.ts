/**
 * `npm run seed -- [--offers N]`: replaces the catalogue with the deterministic demo catalogue
 * (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR). Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '#src/config.ts';
import { LOCK_IDS, openDatabase } from '#src/db/client.ts';
import { demoOfferCount, maxOfferCount, resetCatalogue, seedDemoCatalogue } from './demo-catalogue.ts';

const usage = `usage: npm run seed -- [--offers N]   (N: 1–${maxOfferCount}, default ${demoOfferCount})`;

class UsageError extends Error {}

function parseOfferCount(argv: string[]): number {
  const { values } = parseArgs({ args: argv, options: { offers: { type: 'string' } }, strict: true });
  if (values.offers === undefined) return demoOfferCount;
  const text = values.offers.replaceAll('_', '');
  const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(count) || count < 1 || count > maxOfferCount) {
    throw new UsageError(
      `--offers must be a whole number from 1 to ${maxOfferCount}, got '${values.offers}'`,
    );
  }
  return count;
}

async function main(): Promise<number> {
  let offers: number;
  try {
    offers = parseOfferCount(process.argv.slice(2));
  } catch (error) {
    // parseArgs rejects unknown options with a TypeError; both are usage mistakes.
    if (!(error instanceof UsageError || error instanceof TypeError)) throw error;
    console.error(`seed: ${error.message}\n${usage}`);
    return 2;
  }

  // Seeding takes no payments: a DATABASE_URL without PAYMENTS_MODE is fine here, unlike for the server.
  const config = loadConfig({ ...process.env, PAYMENTS_MODE: process.env.PAYMENTS_MODE || 'sandbox' });
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const target = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`seed: ${offers} offers into ${target}`);
  const handle = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    schemaName: config.databaseSchema,
  });
  try {
    await handle.migrate();
    // The same lock the server holds while seeding an empty catalogue on start, so the two never interleave.
    const totals = await handle.withExclusiveLock(LOCK_IDS.seed, async () => {
      await resetCatalogue(handle.db);
      return seedDemoCatalogue(handle.db, {
        offers,
        log: (message) => console.log(`${message} (${elapsed()})`),
      });
    });
    console.log(
      `seed: done – ${totals.brands} brands, ${totals.hotels} hotels, ${totals.offers} offers, ` +
        `${totals.variants} variants in ${elapsed()}`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('seed: failed', error);
    process.exitCode = 1;
  },
);
