import type { Locale } from '@shop/contracts/locale';

/**
 * The orders export's file: CSV as German, Italian and English spreadsheet programs open it without an
 * import dialog (semicolons, a byte-order mark for UTF-8, CRLF line ends, RFC 4180 quoting).
 */
export type ExportRow = {
  id: number;
  created_at: Date;
  brand_short: string;
  status: string;
  payment_type: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  total_cents: number;
  currency: string;
  paid_at: Date | null;
  invoice_number: string | null;
};

const heads: Record<Locale, string[]> = {
  de: [
    'Bestellnummer',
    'Bestellt am',
    'Marke',
    'Status',
    'Zahlungsart',
    'Vorname',
    'Nachname',
    'E-Mail',
    'Betrag',
    'Währung',
    'Bezahlt am',
    'Rechnungsnummer',
  ],
  en: [
    'Order number',
    'Ordered on',
    'Brand',
    'Status',
    'Payment type',
    'First name',
    'Last name',
    'E-mail',
    'Amount',
    'Currency',
    'Paid on',
    'Invoice number',
  ],
  it: [
    'Numero d’ordine',
    'Ordinato il',
    'Marchio',
    'Stato',
    'Tipo di pagamento',
    'Nome',
    'Cognome',
    'E-mail',
    'Importo',
    'Valuta',
    'Pagato il',
    'Numero di fattura',
  ],
};

/** Sent before the file (not stored: a database or a driver may drop it from a text). */
export const byteOrderMark = Buffer.from([0xef, 0xbb, 0xbf]);
const lineEnd = '\r\n';

/**
 * One cell. A text a spreadsheet would run as a formula (=, +, -, @, a tab or a return first: a name
 * typed by a buyer) gets an apostrophe in front; a cell with the separator, a quote or a line break is
 * quoted.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: (string | number | null)[]) => cells.map(csvCell).join(';') + lineEnd;

/** A time as the operators' office reads it: 2026-11-27 14:05 (Europe/Berlin). */
const berlin = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const localTime = (at: Date | null) => (at ? berlin.format(new Date(at)) : null);

/** Cents as a decimal number with the locale's decimal mark (spreadsheets read it as a number). */
function amount(cents: number, locale: Locale): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  const text = `${Math.floor(whole / 100)}${locale === 'en' ? '.' : ','}${String(whole % 100).padStart(2, '0')}`;
  return sign + text;
}

export function csvHead(locale: Locale): string {
  return line(heads[locale]);
}

export function csvLines(rows: ExportRow[], locale: Locale): string {
  return rows
    .map((row) =>
      line([
        row.id,
        localTime(row.created_at),
        row.brand_short,
        row.status,
        row.payment_type,
        row.first_name,
        row.last_name,
        row.email,
        amount(row.total_cents, locale),
        row.currency,
        localTime(row.paid_at),
        row.invoice_number,
      ]),
    )
    .join('');
}
