import type { Locale } from '@shop/contracts/locale';
import { useI18n } from './i18n-context.tsx';

/**
 * The reports screen's texts, apart from the main dictionaries (like staff-texts.ts): only the lazily
 * loaded reports screen imports them. German is the reference (dictionaries.test.ts checks the others).
 */
const de = {
  title: 'Berichte',
  intro:
    'Bezahlte Bestellungen, Umsatz, Gutscheine, Erstattungen und in Hotels eingelöste Gutscheine je Zeitraum. Tage sind Bürotage (Europe/Berlin), Wochen beginnen am Montag. Der erste und der letzte Zeitraum zählen nur die gewählten Tage.',
  filters: 'Zeitraum und Marke',
  brand: 'Marke',
  allBrands: 'Alle Marken',
  from: 'Von',
  to: 'Bis',
  interval: 'Einteilung',
  intervals: { day: 'Tage', week: 'Wochen', month: 'Monate' },
  show: 'Anzeigen',
  csv: 'Als CSV herunterladen',
  totals: 'Summen',
  chartLabel: (interval: string, from: string, to: string, total: string) =>
    `Umsatz je ${interval}, ${from} bis ${to}, zusammen ${total}. Die Zahlen stehen in der Tabelle darunter.`,
  chartInterval: { day: 'Tag', week: 'Woche', month: 'Monat' },
  byPeriod: 'Je Zeitraum',
  byBrand: 'Je Marke',
  columns: {
    period: 'Zeitraum ab',
    brand: 'Marke',
    orders: 'Bestellungen',
    revenue: 'Umsatz',
    vouchers: 'Gutscheine',
    refunds: 'Erstattungen',
    refunded: 'Erstattet',
    redeemed: 'Eingelöst',
    hotel: 'Hotel',
    netOwed: 'Netto geschuldet',
    withoutRate: 'Ohne Nettopreis',
    offer: 'Angebot',
    term: 'Suchbegriff',
    searches: 'Suchen',
    lastDay: 'Zuletzt',
  },
  redeemedByHotel: 'In Hotels eingelöst',
  redeemedIntro:
    'Gutscheine, die Hotels in diesem Zeitraum eingelöst haben (rückgängig gemachte nicht), je Hotel und Marke, mit dem Nettobetrag, den der Shop dem Hotel dafür schuldet.',
  noRedemptions: 'In diesem Zeitraum wurde kein Gutschein eingelöst.',
  redeemedCsv: 'Einlösungen als CSV herunterladen',
  redeemedTotals: (redeemed: number, net: string, withoutRate: number) =>
    `Zusammen ${redeemed} eingelöst, ${net} netto geschuldet${withoutRate ? `, ${withoutRate} davon ohne Nettopreis` : ''}.`,
  topOffers: 'Meistverkaufte Angebote',
  noSales: 'In diesem Zeitraum wurde nichts verkauft.',
  searchMisses: 'Suchen ohne Ergebnis',
  searchMissesIntro:
    'Was Kunden gesucht und nicht gefunden haben, ohne Filter. Begriffe, die wie eine E-Mail-Adresse oder Telefonnummer aussehen, werden nie gespeichert; gezählt wird je Minute.',
  noMisses: 'Keine Suche ohne Ergebnis in diesem Zeitraum.',
};

export type ReportTexts = typeof de;

const en: ReportTexts = {
  title: 'Reports',
  intro:
    'Paid orders, revenue, vouchers, refunds and vouchers redeemed at hotels per period. Days are office days (Europe/Berlin), weeks start on Monday. The first and the last period count only the chosen days.',
  filters: 'Period and brand',
  brand: 'Brand',
  allBrands: 'All brands',
  from: 'From',
  to: 'To',
  interval: 'Per',
  intervals: { day: 'Days', week: 'Weeks', month: 'Months' },
  show: 'Show',
  csv: 'Download as CSV',
  totals: 'Totals',
  chartLabel: (interval: string, from: string, to: string, total: string) =>
    `Revenue per ${interval}, ${from} to ${to}, ${total} in all. The figures are in the table below.`,
  chartInterval: { day: 'day', week: 'week', month: 'month' },
  byPeriod: 'Per period',
  byBrand: 'Per brand',
  columns: {
    period: 'Period from',
    brand: 'Brand',
    orders: 'Orders',
    revenue: 'Revenue',
    vouchers: 'Vouchers',
    refunds: 'Refunds',
    refunded: 'Refunded',
    redeemed: 'Redeemed',
    hotel: 'Hotel',
    netOwed: 'Net owed',
    withoutRate: 'Without net rate',
    offer: 'Offer',
    term: 'Search term',
    searches: 'Searches',
    lastDay: 'Last',
  },
  redeemedByHotel: 'Redeemed at hotels',
  redeemedIntro:
    'Vouchers hotels redeemed in this period (not those undone), per hotel and brand, with the net the shop owes the hotel for them.',
  noRedemptions: 'No voucher was redeemed in this period.',
  redeemedCsv: 'Download redemptions as CSV',
  redeemedTotals: (redeemed: number, net: string, withoutRate: number) =>
    `${redeemed} redeemed in all, ${net} net owed${withoutRate ? `, ${withoutRate} of them without a net rate` : ''}.`,
  topOffers: 'Best-selling offers',
  noSales: 'Nothing was sold in this period.',
  searchMisses: 'Searches that found nothing',
  searchMissesIntro:
    'What customers looked for and did not find, without filters. Terms that look like an e-mail address or a phone number are never kept; counted every minute.',
  noMisses: 'No search found nothing in this period.',
};

const it: ReportTexts = {
  title: 'Report',
  intro:
    'Ordini pagati, fatturato, buoni, rimborsi e buoni riscattati negli hotel per periodo. I giorni sono giorni d’ufficio (Europe/Berlin), le settimane iniziano il lunedì. Il primo e l’ultimo periodo contano solo i giorni scelti.',
  filters: 'Periodo e marchio',
  brand: 'Marchio',
  allBrands: 'Tutti i marchi',
  from: 'Dal',
  to: 'Al',
  interval: 'Suddivisione',
  intervals: { day: 'Giorni', week: 'Settimane', month: 'Mesi' },
  show: 'Mostra',
  csv: 'Scarica come CSV',
  totals: 'Totali',
  chartLabel: (interval: string, from: string, to: string, total: string) =>
    `Fatturato per ${interval}, dal ${from} al ${to}, in tutto ${total}. I dati sono nella tabella sotto.`,
  chartInterval: { day: 'giorno', week: 'settimana', month: 'mese' },
  byPeriod: 'Per periodo',
  byBrand: 'Per marchio',
  columns: {
    period: 'Periodo dal',
    brand: 'Marchio',
    orders: 'Ordini',
    revenue: 'Fatturato',
    vouchers: 'Buoni',
    refunds: 'Rimborsi',
    refunded: 'Rimborsato',
    redeemed: 'Riscattati',
    hotel: 'Hotel',
    netOwed: 'Netto dovuto',
    withoutRate: 'Senza tariffa netta',
    offer: 'Offerta',
    term: 'Termine cercato',
    searches: 'Ricerche',
    lastDay: 'Ultima',
  },
  redeemedByHotel: 'Riscattati negli hotel',
  redeemedIntro:
    'Buoni riscattati dagli hotel in questo periodo (non quelli annullati), per hotel e marchio, con il netto che lo shop deve all’hotel.',
  noRedemptions: 'In questo periodo non è stato riscattato nessun buono.',
  redeemedCsv: 'Scarica i riscatti come CSV',
  redeemedTotals: (redeemed: number, net: string, withoutRate: number) =>
    `In tutto ${redeemed} riscattati, ${net} netti dovuti${withoutRate ? `, di cui ${withoutRate} senza tariffa netta` : ''}.`,
  topOffers: 'Offerte più vendute',
  noSales: 'In questo periodo non è stato venduto nulla.',
  searchMisses: 'Ricerche senza risultati',
  searchMissesIntro:
    'Ciò che i clienti hanno cercato senza trovarlo, senza filtri. I termini che sembrano un indirizzo e-mail o un numero di telefono non vengono mai salvati; conteggio ogni minuto.',
  noMisses: 'Nessuna ricerca senza risultati in questo periodo.',
};

export const reportTexts: Record<Locale, ReportTexts> = { de, en, it };

/** The reports screen's texts in the UI's language. */
export const useReportTexts = (): ReportTexts => reportTexts[useI18n().locale];
