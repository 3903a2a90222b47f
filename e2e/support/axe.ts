import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { writeJson } from './out.ts';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

/** WCAG 2.2 AA as axe-core tags it. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type AxeViolation = {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string; html: string }[];
};

/** Runs axe-core on the whole document as it is now; returns every violation. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: an added <script> would be refused by the page's CSP.
  if (!hasAxe) {
    axeSource ??= readFileSync(axePath, 'utf8');
    await page.evaluate(axeSource);
  }
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }
    ).axe;
    const results = (await axe.run(document, { runOnly: tags })) as {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        helpUrl: string;
        nodes: { target: unknown[]; failureSummary?: string; html: string }[];
      }[];
    };
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        target: node.target,
        failureSummary: node.failureSummary,
        html: node.html.slice(0, 300),
      })),
    }));
  }, wcagTags) as Promise<AxeViolation[]>;
}

export const isBlocking = (violation: AxeViolation) =>
  violation.impact === 'serious' || violation.impact === 'critical';

/** Human-readable list for a failure message or the log. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `    - ${JSON.stringify(node.target)}: ${node.failureSummary?.replace(/\n\s*/g, ' ')}`)
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
      return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

/** Keeps the findings of a screen in e2e/out/axe/<name>.json for later reading. */
export async function saveAxeReport(name: string, violations: AxeViolation[]): Promise<void> {
  await writeJson(path.join('axe', `${name}.json`), violations);
}
