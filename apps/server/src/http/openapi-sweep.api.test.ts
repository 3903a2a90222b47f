import { existsSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '#src/config.ts';
import { createTestApp, type TestApp, testMetricsToken } from '#src/test/app.ts';
import {
  collectVocabulary,
  describeRequest,
  routesOfDocument,
  type SweepRequest,
  type SweepRoute,
  type SweepTarget,
  send,
  sweepTargets,
  violationOf,
} from './request-sweep.ts';

/**
 * Issue 9's property-based sweep: arbitrary requests (NUL, control characters, lone surrogates, bad
 * percent-escapes, very long strings, huge and negative numbers, JSON bodies from each operation's
 * schema with arbitrary values put in, junk Accept-Language, Content-Type, Cookie and Host) to every
 * operation of the OpenAPI document, to the routes outside it and to the storefront's pages. The answer
 * is always 2xx, 3xx or 4xx; an API 4xx (and any 400) is problem+json with a string `type`; never a
 * stack trace, never the request's Host in an absolute URL.
 *
 *   SWEEP_REQUESTS=20000 SWEEP_SEED=42 npx vitest run apps/server/src/http/openapi-sweep.api.test.ts
 *
 * About SWEEP_REQUESTS requests in all (default 3,000: about a minute on two busy cores), shared by the
 * routes (a page, ten times slower, gets half a share). A failure prints the shrunk request as
 * `app.inject` options and fast-check's seed (SWEEP_SEED sends the same requests again);
 * TEST_LOG_LEVEL=error shows the server's stack trace under the request's `x-request-id`.
 * bench/sweep.bench.ts sends the same requests by the 100,000. Pages need the storefront build
 * (`npm run build`; `npm test` makes it before the browser tests): without one they are skipped, and
 * only the page requests refused before any page code runs (invalid Host, undecodable address) are sent.
 */
const budget = Number(process.env.SWEEP_REQUESTS ?? 3_000);
const seed = process.env.SWEEP_SEED === undefined ? undefined : Number(process.env.SWEEP_SEED);
const serverEntry = path.join(repoRoot, 'apps/storefront/build/server/index.js');
const hasStorefrontBuild = existsSync(serverEntry);

let shop: TestApp;
let documented: SweepRoute[];
let targets: SweepTarget[];
beforeAll(async () => {
  // No cache: repeated inputs must run the handlers again, not come from a cache.
  shop = await createTestApp({ cacheTtlMs: 0, env: { METRICS_TOKEN: testMetricsToken } });
  const vocabulary = await collectVocabulary(shop.app, shop.database.db, { metricsToken: testMetricsToken });
  const document = shop.app.swagger();
  documented = routesOfDocument(document);
  targets = sweepTargets(document, vocabulary, { pages: hasStorefrontBuild });
});
afterAll(() => shop?.close());

/** The runs of one target: the budget shared by the targets' shares (a page gets half a share). */
const runsOf = (target: SweepTarget) => {
  const shares = targets.reduce((sum, each) => sum + each.share, 0);
  return Math.max(5, Math.round((budget / shares) * target.share));
};

/**
 * fast-check per target, so that one broken route neither hides another nor uses up the budget: each
 * failure is shrunk (a little: 60 steps) and all are reported together.
 */
async function sweep(target: SweepTarget): Promise<string | undefined> {
  const details = await fc.check(
    fc.asyncProperty(fc.limitShrink(target.requests, 60), async (request) => {
      const answer = await send(shop.app, request);
      const reason = violationOf(request, answer, target.expectStatus, {
        isStorefrontBuilt: hasStorefrontBuild,
      });
      if (reason) {
        const body = answer.body.slice(0, 300);
        throw new Error(
          `${reason}\n${describeRequest(request, answer.requestId)}\n  answer: ${answer.status} ${String(answer.headers['content-type'] ?? '')} ${body}`,
        );
      }
    }),
    { numRuns: runsOf(target), ...(seed !== undefined ? { seed } : {}) },
  );
  if (!details.failed) return undefined;
  const error =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return `${target.label} (fast-check seed ${details.seed}, path "${details.counterexamplePath}", after ${details.numRuns} runs, ${details.numShrinks} shrinks):\n${error}`;
}

async function sweepGroup(group: SweepTarget['group']): Promise<void> {
  const failures: string[] = [];
  const swept = targets.filter((target) => target.group === group);
  for (const target of swept) {
    const failure = await sweep(target);
    if (failure) failures.push(failure);
  }
  expect(
    failures,
    `${failures.length} of ${swept.length} routes broke the rule:\n\n${failures.join('\n\n')}`,
  ).toEqual([]);
}

const minutes = (count: number) => count * 60_000;

describe('the request sweep (fast-check over the OpenAPI document and the pages)', () => {
  it('takes its API routes from the OpenAPI document, so a new route is swept without a change here', () => {
    const labels = documented.map((route) => route.label);
    expect(labels.length).toBeGreaterThanOrEqual(40);
    expect(labels).toEqual(
      expect.arrayContaining([
        'GET /api/offer/slug/{slug}',
        'PUT /api/order/customer',
        'POST /api/offer/search',
      ]),
    );
    // Each documented operation is a route the server has, and each is swept.
    for (const route of documented) {
      const url = route.path.replace(/\{(\w+)\}/g, ':$1');
      expect(shop.app.hasRoute({ method: route.method as 'GET', url }), route.label).toBe(true);
      expect(targets.some((target) => target.label === route.label)).toBe(true);
    }
    const customer = documented.find((route) => route.label === 'PUT /api/order/customer');
    expect(customer?.body?.properties).toHaveProperty('email');
  });

  it('the rule catches what it must: a 500, a stack trace, a plain-text 400, an API 4xx without problem+json', () => {
    const request: SweepRequest = {
      route: 'test',
      method: 'GET',
      url: '/api/menu',
      headers: {},
      remoteAddress: '127.0.0.1',
    };
    const problem = { 'content-type': 'application/problem+json; charset=utf-8' };
    const page = { 'content-type': 'text/html; charset=utf-8' };
    const trace = 'Error: x\n    at read (/srv/app/src/db/client.ts:12:5)';
    expect(violationOf(request, { status: 500, headers: problem, body: '{"type":"internal-error"}' })).toBe(
      'status 500',
    );
    expect(violationOf(request, { status: 404, headers: page, body: '' })).toMatch(/not problem\+json/);
    const pageRequest = { ...request, url: '/urlaub-finden' };
    expect(violationOf(pageRequest, { status: 400, headers: page, body: 'Bad' })).toMatch(
      /not problem\+json/,
    );
    expect(violationOf(request, { status: 400, headers: problem, body: '{"title":"x"}' })).toMatch(/"type"/);
    expect(violationOf(request, { status: 200, headers: {}, body: trace })).toMatch(/stack trace/);
    const foreign = { ...request, headers: { host: 'evil.example' } };
    const redirect = { location: 'http://evil.example/checkout' };
    expect(violationOf(foreign, { status: 303, headers: redirect, body: '' })).toMatch(/Host/);
    // A 404 page (HTML) is fine outside the API; a 429 problem+json is a client error like any other.
    expect(violationOf({ ...request, url: '/nowhere' }, { status: 404, headers: page, body: '<html>' })).toBe(
      undefined,
    );
    const tooMany = '{"type":"too-many-requests"}';
    expect(violationOf(request, { status: 429, headers: problem, body: tooMany })).toBeUndefined();
  });

  it(
    'every operation of the OpenAPI document answers arbitrary requests with 2xx-4xx, 4xx as problem+json',
    () => sweepGroup('api'),
    minutes(10),
  );

  it(
    'so do the routes outside the document: ops, robots.txt, sitemaps, media, sandbox pages, webhooks, files',
    () => sweepGroup('other'),
    minutes(10),
  );

  it(
    'pages refuse an invalid Host and an address that does not decode with 400 problem+json (no build needed)',
    () => sweepGroup('refused'),
    minutes(5),
  );

  it.skipIf(!hasStorefrontBuild)(
    `storefront pages answer arbitrary requests with 2xx-4xx (${hasStorefrontBuild ? 'rendered from apps/storefront/build' : 'SKIPPED: no storefront build, run `npm run build`'})`,
    () => sweepGroup('page'),
    minutes(10),
  );
});
