import { describe, expect, it } from 'vitest';
import { csvCell } from '../csv.ts';
import { csvHead, csvLines, type ExportRow } from './orders-csv.ts';

const row: ExportRow = {
  id: 42,
  created_at: new Date('2026-11-27T13:05:00Z'),
  brand_short: 'demo',
  status: 'paid',
  payment_type: 'paypal',
  first_name: 'Anna',
  last_name: 'Huber; "Hubsi"',
  email: 'anna@example.org',
  total_cents: 129_905,
  currency: 'EUR',
  paid_at: null,
  invoice_number: 'DEMO-2026-000042',
};

describe('the orders CSV', () => {
  it('quotes separators and quotes, and disarms what a spreadsheet would run as a formula', () => {
    expect(csvCell('Huber; "Hubsi"')).toBe('"Huber; ""Hubsi"""');
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe('"\'=HYPERLINK(""http://evil.example"")"');
    expect(csvCell('+49 89 123')).toBe("'+49 89 123");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
  });

  it('writes local times, amounts with the locale’s decimal mark, one CRLF line per order', () => {
    expect(csvLines([row], 'de')).toBe(
      '42;2026-11-27 14:05;demo;paid;paypal;Anna;"Huber; ""Hubsi""";anna@example.org;1299,05;EUR;;DEMO-2026-000042\r\n',
    );
    expect(csvLines([{ ...row, total_cents: 7 }], 'en')).toContain(';0.07;EUR;');
  });

  it('starts with the column heads in the member’s language', () => {
    expect(csvHead('de').startsWith('Bestellnummer;Bestellt am;Marke;')).toBe(true);
    expect(csvHead('it')).toContain('Numero di fattura\r\n');
  });
});
