/**
 * Lighthouse (mobile preset: Moto G Power, simulated slow 4G) on the storefront's home, a search page
 * and an offer page of a production server, with Debian's Chromium, as a first visit: the cookie banner
 * shows (the default brand asks for consent) and no tracking tag loads. Not a test: it measures.
 *
 *   npm run build && npx tsx bench/lighthouse.bench.ts            # starts its own server (demo catalogue)
 *   npx tsx bench/lighthouse.bench.ts --url http://localhost:3000 --runs 3
 *
 * Per page and run: performance and accessibility scores, LCP, TBT, CLS, JavaScript transferred (and
 * what that JavaScript weighs gzipped, the budget). Medians go to bench/out/lighthouse.json and a
 * table; bench/RESULTS.md records them.
 */

import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromiumPath } from '../e2e/support/config.ts';
import { freePort, requireStorefrontBuild, startServer, writeResults } from './lib.ts';
import { lighthouseReport } from './lighthouse-run.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    chromium: { type: 'string', default: chromiumPath },
  },
});
const runs = Number(values.runs);

type Measurement = {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes of JavaScript over the wire (as served: compressed only if the server compresses). */
  jsTransferredKb: number;
  /** The same scripts gzipped (level 9): the "≤ 135 KB gzip" budget. */
  jsGzipKb: number;
  jsRequests: number;
};
/** Why a score is not 100: kept in the JSON, not averaged. */
type Diagnosis = { accessibilityFailures: string[]; opportunities: string[]; lcpElement: string | null };

requireStorefrontBuild();
const server = values.url ? null : await startServer({ database: 'demo', port: await freePort() });
const baseUrl = (values.url ?? server!.url).replace(/\/$/, '').replace('127.0.0.1', 'localhost');

try {
  const pages = [
    { name: 'home', path: '/' },
    { name: 'search', path: '/urlaub-finden?q=Gardasee' },
    { name: 'offer', path: await firstOfferPath(baseUrl) },
    { name: 'map', path: '/urlaub/karte' },
    // With an empty cart: what a visitor who follows a link to the checkout loads first.
    { name: 'checkout', path: '/checkout' },
  ];
  // A server that has served before: the first render of each page also compiles its code paths.
  // The target holds with the cookie banner shown: the brand must ask (Lighthouse's fresh profile
  // has no stored answer, so the server-rendered banner stays).
  for (const page of pages) {
    const response = await fetch(`${baseUrl}${page.path}`, { headers: { 'accept-encoding': 'br' } });
    if (!(await response.text()).includes('class="cookie-banner"')) {
      throw new Error(`${page.path}: no cookie banner; measure a brand with hasCookieConsent`);
    }
  }
  const measured = Object.fromEntries(pages.map((page) => [page.name, [] as Measurement[]]));
  const diagnoses = Object.fromEntries(pages.map((page) => [page.name, [] as Diagnosis[]]));
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      const { measurement: result, diagnosis } = await measure(`${baseUrl}${page.path}`);
      measured[page.name]!.push(result);
      diagnoses[page.name]!.push(diagnosis);
      console.log(
        `run ${run} ${page.name}: performance ${result.performance}, accessibility ${result.accessibility}, ` +
          `LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls}, JS ${result.jsTransferredKb} KB ` +
          `(${result.jsGzipKb} KB gzip, ${result.jsRequests} files)`,
      );
      if (diagnosis.accessibilityFailures.length > 0) {
        console.log(`  accessibility: ${diagnosis.accessibilityFailures.join('; ')}`);
      }
      console.log(
        `  LCP element: ${diagnosis.lcpElement ?? '?'}; opportunities: ${diagnosis.opportunities.join('; ')}`,
      );
    }
  }
  const summary = pages.map((page) => ({
    page: page.name,
    path: page.path,
    ...medianOf(measured[page.name]!),
  }));
  console.log(`\nmedians of ${runs} run(s), mobile preset:`);
  console.table(summary);
  await writeResults('lighthouse', {
    measuredAt: new Date().toISOString(),
    baseUrl,
    runs,
    preset: 'mobile (Lighthouse default: Moto G Power, simulated throttling)',
    summary,
    measured,
    diagnoses,
  });
} finally {
  await server?.stop();
}

async function measure(url: string): Promise<{ measurement: Measurement; diagnosis: Diagnosis }> {
  const lhr = await lighthouseReport(url, ['performance', 'accessibility'], values.chromium);
  const audit = (id: string) => lhr.audits[id];
  const requests = ((audit('network-requests')?.details as { items?: NetworkRequest[] } | undefined)?.items ??
    []) as NetworkRequest[];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const transferred = scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  const measurement: Measurement = {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? Number.NaN),
    tbtMs: Math.round(audit('total-blocking-time')?.numericValue ?? Number.NaN),
    cls: Number((audit('cumulative-layout-shift')?.numericValue ?? Number.NaN).toFixed(3)),
    jsTransferredKb: kb(transferred),
    jsGzipKb: kb(await gzippedSize(scripts.map((request) => request.url))),
    jsRequests: scripts.length,
  };
  const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((entry) => entry && entry.score !== null && entry.score < 1)
    .map((entry) => `${entry!.id}: ${entry!.title}`);
  const opportunities = Object.values(lhr.audits)
    .filter((entry) => (entry.details as { type?: string } | undefined)?.type === 'opportunity')
    .map((entry) => ({
      entry,
      savings: (entry.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0,
    }))
    .filter(({ savings }) => savings > 0)
    .sort((a, b) => b.savings - a.savings)
    .slice(0, 4)
    .map(({ entry, savings }) => `${entry.id} (${Math.round(savings)} ms)`);
  const lcpItems = (
    audit('largest-contentful-paint-element')?.details as
      | { items?: { items?: { node?: { selector?: string } }[] }[] }
      | undefined
  )?.items;
  const lcpElement = lcpItems?.[0]?.items?.[0]?.node?.selector ?? null;
  return { measurement, diagnosis: { accessibilityFailures, opportunities, lcpElement } };
}

type NetworkRequest = { url: string; resourceType?: string; transferSize?: number };

async function gzippedSize(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

function kb(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}

/** The first offer of the default search: a typical offer page with variants and pictures. */
async function firstOfferPath(base: string): Promise<string> {
  const response = await fetch(`${base}/api/offer/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, pageSize: 1 }),
  });
  const body = (await response.json()) as { items: { slug: string; contact: { slug: string } }[] };
  const offer = body.items[0];
  if (!offer) throw new Error('the catalogue has no offer');
  return `/urlaub/${offer.contact.slug}/${offer.slug}`;
}

function medianOf(results: Measurement[]): Measurement {
  const mid = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const keys = Object.keys(results[0]!) as (keyof Measurement)[];
  return Object.fromEntries(
    keys.map((key) => [key, mid(results.map((result) => result[key]))]),
  ) as Measurement;
}
