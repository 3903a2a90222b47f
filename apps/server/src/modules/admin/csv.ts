import type { Locale } from '@shop/contracts/locale';
import type { FastifyReply } from 'fastify';

/**
 * The back office's CSV files (the orders export, the reports): as German, Italian and English
 * spreadsheet programs open them without an import dialog (semicolons, a byte-order mark for UTF-8,
 * CRLF line ends, RFC 4180 quoting).
 */

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

export const csvLine = (cells: (string | number | null)[]): string => cells.map(csvCell).join(';') + lineEnd;

/** Cents as a decimal number with the locale's decimal mark (spreadsheets read it as a number). */
export function csvAmount(cents: number, locale: Locale): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  const text = `${Math.floor(whole / 100)}${locale === 'en' ? '.' : ','}${String(whole % 100).padStart(2, '0')}`;
  return sign + text;
}

/**
 * Answers a CSV file as a download. The route's schema documents the text (a string); the bytes carry
 * the byte-order mark first.
 */
export function sendCsv(reply: FastifyReply, fileName: string, content: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(Buffer.concat([byteOrderMark, Buffer.from(content, 'utf8')]) as unknown as string);
}
