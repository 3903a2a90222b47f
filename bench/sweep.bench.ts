/**
 * The property-based request sweep of apps/server/src/http/openapi-sweep.api.test.ts at scale (issue 9's
 * target: 100,000 requests, zero 5xx): the same generators and the same rule, counted instead of
 * stopping at the first failure. In process, through `app.inject()`, on a fresh PGlite with the demo
 * catalogue (the real app: every route of the OpenAPI document, the routes outside it, the pages).
 *
 *   npx tsx bench/sweep.bench.ts --requests 100000 [--seed 1] [--orders 60] [--no-pages]
 *
 * Prints the answers by status class and by route, and each violation as `app.inject` options; the
 * server's error log (TEST_LOG_LEVEL, default error here) shows the stack trace under the request's
 * `x-request-id`. Pages need the storefront build (`npm run build`); without one they are left out.
 * Results go to bench/out/sweep.json. Exits 1 when any answer broke the rule.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchDir, writeResults } from './lib.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    'no-pages': { type: 'boolean', default: false },
    // Each order takes 50 wrong keys an hour before it answers 429: enough orders keep the order
    // routes reaching their services through a long run.
    orders: { type: 'string', default: '60' },
  },
});
const requests = Number(values.requests);
const seed = Number(values.seed);

// Before the app is made: 500s are logged with their stack traces, nothing else.
process.env.TEST_LOG_LEVEL ??= 'error';
const { createTestApp, testMetricsToken } = await import('../apps/server/src/test/app.ts');
const { collectVocabulary, runSweep, sweepTargets } = await import(
  '../apps/server/src/http/request-sweep.ts'
);

const hasBuild = existsSync(path.join(benchDir, '..', 'apps/storefront/build/server/index.js'));
const pages = hasBuild && !values['no-pages'];
if (!hasBuild) console.warn('no storefront build (npm run build): pages are left out of the sweep');

const shop = await createTestApp({ cacheTtlMs: 0, env: { METRICS_TOKEN: testMetricsToken } });
try {
  const vocabulary = await collectVocabulary(shop.app, shop.database.db, {
    metricsToken: testMetricsToken,
    orders: Number(values.orders),
  });
  const targets = sweepTargets(shop.app.swagger(), vocabulary, { pages });
  console.log(`sweeping ${targets.length} routes with ${requests} requests (seed ${seed}, pages ${pages})`);
  let reported = 0;
  let nextProgress = 5_000;
  const summary = await runSweep(shop.app, targets, {
    requests,
    seed,
    onViolation: (violation) => {
      // The first 20 in full; the rest are counted by reason at the end.
      if (++reported <= 20)
        console.log(`\nVIOLATION ${violation.target}: ${violation.reason}\n${violation.reproduction}`);
    },
    onRound: (progress) => {
      if (progress.sent < nextProgress) return;
      nextProgress += 5_000;
      const rate = Math.round(progress.sent / (progress.milliseconds / 1000));
      console.log(
        `${progress.sent} sent (${rate}/s): ${JSON.stringify(progress.byClass)}, ${progress.violations.length} violations`,
      );
    },
  });

  console.log(
    `\n${summary.sent} requests in ${(summary.milliseconds / 1000).toFixed(0)} s over ${targets.length} routes (seed ${seed})`,
  );
  console.log('by status class:', summary.byClass);
  console.log('by status:', summary.byStatus);
  console.table(
    Object.entries(summary.byTarget).map(([route, counts]) => ({ route, ...counts })),
    ['route', '2xx', '3xx', '4xx', '5xx', 'other'],
  );
  const reasons = new Map<string, number>();
  for (const violation of summary.violations) {
    const key = `${violation.target}: ${violation.reason.slice(0, 120)}`;
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  console.log(`${summary.violations.length} violations${summary.violations.length ? ':' : ''}`);
  for (const [reason, count] of reasons) console.log(`  ${count} × ${reason}`);
  await writeResults('sweep', {
    requests,
    seed,
    pages,
    ...summary,
    violations: summary.violations.slice(0, 200),
  });
  process.exitCode = summary.violations.length > 0 ? 1 : 0;
} finally {
  await shop.close();
}
