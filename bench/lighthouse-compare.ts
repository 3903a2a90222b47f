/**
 * Lighthouse A/B: the same page on two running servers (two builds of the storefront), runs alternated
 * so that whatever else the machine does falls on both alike. On a shared 2-core machine single
 * Lighthouse runs vary by a factor of several; a change to TBT is only visible this way (bench/RESULTS.md).
 *
 *   npx tsx bench/lighthouse-compare.ts --a http://localhost:3100/ --b http://localhost:3101/ --runs 10
 */

import { parseArgs } from 'node:util';
import { lighthouseReport } from './lighthouse-run.ts';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    runs: { type: 'string', default: '10' },
  },
});
if (!values.a || !values.b) throw new Error('--a and --b: the page on each server');
const pages = { A: values.a, B: values.b };
const runs = Number(values.runs);

type Figures = { tbtMs: number; lcpMs: number; ttiMs: number };
const measured: Record<keyof typeof pages, Figures[]> = { A: [], B: [] };

for (let run = 0; run < runs; run++) {
  const order: (keyof typeof pages)[] = run % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
  for (const name of order) {
    const lhr = await lighthouseReport(pages[name], ['performance']);
    const value = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
    const figures = {
      tbtMs: value('total-blocking-time'),
      lcpMs: value('largest-contentful-paint'),
      ttiMs: value('interactive'),
    };
    measured[name].push(figures);
    console.log(
      `run ${run + 1} ${name}: TBT ${figures.tbtMs} ms, LCP ${figures.lcpMs} ms, TTI ${figures.ttiMs} ms`,
    );
  }
}

for (const name of ['A', 'B'] as const) {
  const sorted = (key: keyof Figures) => measured[name].map((figures) => figures[key]).sort((x, y) => x - y);
  const line = (['tbtMs', 'lcpMs', 'ttiMs'] as const)
    .map((key) => `${key} median ${median(sorted(key))} (${sorted(key).join(' ')})`)
    .join('; ');
  console.log(`${name} ${pages[name]}: ${line}`);
}

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
