import { describe, expect, it } from 'vitest';
import { parseCamt053 } from './camt053.ts';
import { type InboxReport, inboxReportJson } from './import-report.ts';
import { buildCamt053, randomCredits } from './testing/camt053-statement.ts';

const text = async (report: InboxReport) => {
  let written = '';
  for await (const piece of inboxReportJson(report)) written += piece;
  return written;
};

describe('the report file written in pieces', () => {
  it('is the text one JSON.stringify of the whole report gives, for any number of entries', async () => {
    const [statement] = parseCamt053(
      buildCamt053({
        iban: 'DE89370400440532013000',
        statementId: 'S',
        entries: randomCredits(1_203, ['DEMO-00000042']),
      }),
    );
    for (const count of [0, 1, 500, 1_203]) {
      const report: InboxReport = {
        file: 'statement.xml',
        movedTo: 'done/statement.xml',
        at: '2026-11-24T10:00:00.000Z',
        status: 'imported',
        entries: (statement?.entries ?? []).slice(0, count).map((entry) => ({
          outcome: 'unmatched',
          entry,
          orderId: null,
          reference: null,
          detail: '',
        })),
        counts: { unmatched: count },
      };
      expect(await text(report), String(count)).toBe(`${JSON.stringify(report, null, 2)}\n`);
    }
    const failed: InboxReport = {
      file: 'page.xml',
      movedTo: 'failed/page.xml',
      at: '2026-11-24T10:00:00.000Z',
      status: 'failed',
      error: 'Die Datei ist leer.',
      problem: { kind: 'empty' },
    };
    expect(await text(failed)).toBe(`${JSON.stringify(failed, null, 2)}\n`);
  });
});
