/**
 * `npm run seed -- [--offers N]`: replaces the catalogue with the deterministic demo catalogue
 * (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR). Exit codes: 0 done, 1 failed, 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '#src/config.ts';
import { LOCK_IDS, openDatabase } from '#src/db/client.ts';
import { demoOfferCount, maxOfferCount, resetCatalogue, seedDemoCatalogue } from './demo-catalogue.ts';
import { generateOrders } from './generated-orders.ts';

const maxOrderCount = 5_000_000;
const usage =
  `usage: npm run seed -- [--offers N] [--orders M]   (N: 1–${maxOfferCount}, default ${demoOfferCount}; ` +
  `M: generated orders for measuring the back office, 0–${maxOrderCount}, default 0)`;

class UsageError extends Error {}

function parseCounts(argv: string[]): { offers: number; orders: number } {
  const { values } = parseArgs({
    args: argv,
    options: { offers: { type: 'string' }, orders: { type: 'string' } },
    strict: true,
  });
  return {
    offers:
      values.offers === undefined ? demoOfferCount : wholeNumber('--offers', values.offers, 1, maxOfferCount),
    orders: values.orders === undefined ? 0 : wholeNumber('--orders', values.orders, 0, maxOrderCount),
  };
}

function wholeNumber(option: string, value: string, min: number, max: number): number {
  const text = value.replaceAll('_', '');
  const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(count) || count < min || count > max) {
    throw new UsageError(`${option} must be a whole number from ${min} to ${max}, got '${value}'`);
  }
  return count;
}

async function main(): Promise<number> {
  let offers: number;
  let orders: number;
  try {
    ({ offers, orders } = parseCounts(process.argv.slice(2)));
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
      const seeded = await seedDemoCatalogue(handle.db, {
        offers,
        log: (message) => console.log(`${message} (${elapsed()})`),
      });
      if (orders > 0) {
        await generateOrders(handle.db, orders, (message) => console.log(`${message} (${elapsed()})`));
      }
      return seeded;
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
