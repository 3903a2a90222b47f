/**
 * The catalogue as a CSV file (issue 26): one line per variant, its offer's columns repeated on each of
 * the offer's lines, so that a spreadsheet can sort, filter and fill down. Export and import use the same
 * columns: a file exported, edited and imported again changes exactly what was edited. Column names are
 * the same in every language (they are a file format, not a text); prices are euros with a decimal comma
 * or point.
 */
import { csvLine } from '../csv.ts';

export const catalogueColumns = [
  'offer_id',
  'offer_slug',
  'hotel_slug',
  'country',
  'brand',
  'active',
  'title_de',
  'title_en',
  'title_it',
  'subtitle_de',
  'subtitle_en',
  'subtitle_it',
  'board',
  'themes',
  'sale_ends_on',
  'variant_id',
  'nights',
  'persons',
  'price',
  'reference_price',
  'stock',
] as const;
export type CatalogueColumn = (typeof catalogueColumns)[number];
export type CatalogueLine = Record<CatalogueColumn, string>;

/** Cents as the file shows them: `299.00`; a spreadsheet in any language reads it back. */
export const euros = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export const catalogueCsv = (lines: CatalogueLine[]): string =>
  csvLine([...catalogueColumns]) +
  lines.map((line) => csvLine(catalogueColumns.map((column) => line[column]))).join('');

/**
 * RFC 4180 with either separator (a spreadsheet saves with the locale's: `;` in German and Italian, `,`
 * in English; the header line tells which). A leading apostrophe that our own export put before a text a
 * spreadsheet would run as a formula is taken off again.
 */
export function parseCsv(text: string): string[][] {
  const content = text.replace(/^\uFEFF/, '');
  const firstLine = content.slice(0, content.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const endCell = () => {
    row.push(wasQuoted ? cell : cell.replace(/^'(?=[=+\-@\t\r])/, ''));
    cell = '';
    wasQuoted = false;
  };
  for (let index = 0; index < content.length; index++) {
    const char = content[index]!;
    if (quoted) {
      if (char === '"' && content[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') {
      quoted = true;
      wasQuoted = true;
    } else if (char === separator) endCell();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && content[index + 1] === '\n') index++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  // A quoted cell keeps a leading apostrophe as typed; an unquoted one had ours taken off above.
  return rows.filter((cells) => cells.some((value) => value.trim() !== ''));
}

/** `299`, `299.00`, `299,00` or `1.299,00` as cents; null for anything else. */
export function parseEuros(text: string): number | null {
  const value = text.trim().replace(/^€\s*|\s*€$/g, '');
  const match = /^(\d{1,3}(?:[.,\s]\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const whole = Number(match[1]!.replace(/[.,\s]/g, ''));
  const cents = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) && total <= 100_000_000 ? total : null;
}

/** A whole number within bounds, or null. */
export function parseCount(text: string, min: number, max: number): number | null {
  if (!/^\d{1,9}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}
