import type { Locale } from '@shop/contracts/locale';
import { csvAmount, csvLine } from '../csv.ts';

/** The orders export's file (the back office's CSV: ../csv.ts). */
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

export function csvHead(locale: Locale): string {
  return csvLine(heads[locale]);
}

export function csvLines(rows: ExportRow[], locale: Locale): string {
  return rows
    .map((row) =>
      csvLine([
        row.id,
        localTime(row.created_at),
        row.brand_short,
        row.status,
        row.payment_type,
        row.first_name,
        row.last_name,
        row.email,
        csvAmount(row.total_cents, locale),
        row.currency,
        localTime(row.paid_at),
        row.invoice_number,
      ]),
    )
    .join('');
}
