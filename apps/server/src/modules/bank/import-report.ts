/**
 * What a statement import did, and how it is told: the operator's lines (`npm run bank-import`, the
 * same for a direct import and for one the running shop did from its inbox) and the one log line
 * without personal data. No database here: the CLI and the e2e tests read reports through this file.
 */
import { formatPrice } from '@shop/contracts/money';
import type { BankEntry, StatementProblem } from './camt053.ts';
import type { MatchOutcome } from './payment-matching.ts';

export type ImportedEntry = {
  /**
   * `not-booked`: recording or paying it failed (the database, a brand's invoice data); nothing of it
   * was stored, so importing the same statement again tries it again.
   */
  outcome: MatchOutcome['kind'] | 'already-imported' | 'not-booked';
  entry: BankEntry;
  orderId: number | null;
  /** The payment reference of the order the entry quotes (`DEMO-00000042`); null when it names none of ours. */
  reference: string | null;
  detail: string;
};
export type ImportReport = { entries: ImportedEntry[]; counts: Record<string, number> };

/** What became of a statement in the inbox: imported, or not a camt.053 statement (`error` says why). */
export type InboxOutcome =
  | ({ status: 'imported' } & ImportReport)
  | { status: 'failed'; error: string; problem: StatementProblem };

/** `<name>.report.json` next to a statement the inbox has handled (modules/bank/bank-inbox.ts). */
export type InboxReport = {
  /** The statement's name in the inbox. */
  file: string;
  /** Where it is now, relative to the inbox: `done/<name>.xml` or `failed/<name>.xml`. */
  movedTo: string;
  /** ISO timestamp of the import. */
  at: string;
} & InboxOutcome;

/**
 * `<name>.report.json`'s text, as `JSON.stringify(report, null, 2)` writes it, made a few hundred entries
 * at a time as the file is written: a statement of 300,000 entries makes a report of 200 MB, and one
 * stringify of it would hold the importing process's requests for seconds (issue 23).
 */
export async function* inboxReportJson(report: InboxReport): AsyncGenerator<string> {
  if (report.status !== 'imported') {
    yield `${JSON.stringify(report, null, 2)}\n`;
    return;
  }
  const marker = `entries-${Date.now()}`;
  const [head = '', tail = ''] = JSON.stringify({ ...report, entries: marker }, null, 2).split(
    JSON.stringify(marker),
  );
  yield head;
  const { entries } = report;
  if (entries.length === 0) yield '[]';
  for (let start = 0; start < entries.length; start += reportPiece) {
    const lines = entries
      .slice(start, start + reportPiece)
      .map((line) => `    ${JSON.stringify(line, null, 2).replaceAll('\n', '\n    ')}`);
    yield `${start === 0 ? '[\n' : ',\n'}${lines.join(',\n')}`;
  }
  if (entries.length > 0) yield '\n  ]';
  yield `${tail}\n`;
}

const reportPiece = 500;

/** The operator's view of an import: one line per entry, then the counts. */
export function formatImportReport(file: string, report: ImportReport): string[] {
  const lines = [`${file}: ${report.entries.length} entries`];
  for (const line of report.entries) {
    const amount = formatPrice(line.entry.amountCents, 'de', line.entry.currency);
    const order = line.orderId ? ` order ${line.orderId}` : '';
    const detail = line.detail ? ` (${line.detail})` : '';
    lines.push(
      `  ${line.outcome.padEnd(16)} ${line.entry.bookingDate} ${amount.padStart(14)}${order}${detail}  ${line.entry.remittance.slice(0, 60)}`,
    );
  }
  lines.push(`  ${formatCounts(report.counts) || 'nothing to import'}`);
  return lines;
}

const formatCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([outcome, count]) => `${outcome}: ${count}`)
    .join(', ');

/**
 * The log's short account of an import: counts, the amount paid and the references of the orders it
 * paid. Never remittance texts or payers: they name people.
 */
export function summarizeImport(report: ImportReport): {
  message: string;
  fields: { entries: number; counts: Record<string, number>; paidCents: number; paidReferences: string[] };
} {
  const paid = report.entries.filter((line) => line.outcome === 'paid');
  const paidCents = paid.reduce((sum, line) => sum + line.entry.amountCents, 0);
  const paidReferences = paid.flatMap((line) => (line.reference ? [line.reference] : []));
  const shown = paidReferences.slice(0, 10).join(', ');
  const more = paidReferences.length > 10 ? ` and ${paidReferences.length - 10} more` : '';
  const message =
    `${report.entries.length} entries (${formatCounts(report.counts) || 'none'})` +
    (paid.length ? `; ${paid.length} order(s) paid, ${formatPrice(paidCents, 'de')}: ${shown}${more}` : '');
  return {
    message,
    fields: { entries: report.entries.length, counts: report.counts, paidCents, paidReferences },
  };
}
