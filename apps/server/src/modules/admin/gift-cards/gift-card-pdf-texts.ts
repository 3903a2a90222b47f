import type { Locale } from '@shop/contracts/locale';

/** The printed gift card's words in each language (gift-card-pdf.ts). */
export type GiftCardPdfTexts = {
  title: string;
  for: string;
  code: string;
  validUntil: string;
  noEnd: string;
  howToRedeem: string;
  steps(brand: string, website: string): string[];
  terms(supportEmail: string | null): string;
  blocked: string;
};

export const giftCardPdfTexts: Record<Locale, GiftCardPdfTexts> = {
  de: {
    title: 'Geschenkgutschein',
    for: 'Für',
    code: 'Gutscheincode',
    validUntil: 'Einlösbar bis',
    noEnd: 'Unbefristet einlösbar',
    howToRedeem: 'So lösen Sie Ihren Gutschein ein',
    steps: (brand, website) => [
      `Wählen Sie auf ${website} Ihr Angebot bei ${brand} und legen Sie es in den Warenkorb.`,
      'Geben Sie im Warenkorb unter „Geschenkgutschein einlösen“ den Gutscheincode ein.',
      'Der Betrag wird vom Preis abgezogen; ein Rest bleibt auf dem Gutschein für die nächste Bestellung.',
    ],
    terms: (email) =>
      'Der Gutschein kann nicht bar ausgezahlt werden. Bewahren Sie den Code sicher auf: Wer ihn kennt, kann ' +
      `ihn einlösen.${email ? ` Fragen beantworten wir gern unter ${email}.` : ''}`,
    blocked: 'Gesperrt',
  },
  en: {
    title: 'Gift card',
    for: 'For',
    code: 'Gift card code',
    validUntil: 'Redeemable until',
    noEnd: 'Redeemable without time limit',
    howToRedeem: 'How to redeem your gift card',
    steps: (brand, website) => [
      `Choose your offer from ${brand} at ${website} and put it in the cart.`,
      'In the cart, enter the gift card code under “Redeem a gift card”.',
      'The amount is taken off the price; whatever is left stays on the card for your next order.',
    ],
    terms: (email) =>
      'The gift card cannot be exchanged for cash. Keep the code safe: anyone who knows it can redeem it.' +
      `${email ? ` We are happy to answer questions at ${email}.` : ''}`,
    blocked: 'Blocked',
  },
  it: {
    title: 'Buono regalo',
    for: 'Per',
    code: 'Codice del buono',
    validUntil: 'Utilizzabile fino al',
    noEnd: 'Utilizzabile senza scadenza',
    howToRedeem: 'Come utilizzare il buono regalo',
    steps: (brand, website) => [
      `Scegli la tua offerta di ${brand} su ${website} e aggiungila al carrello.`,
      'Nel carrello inserisci il codice alla voce “Usa un buono regalo”.',
      'L’importo viene detratto dal prezzo; il resto rimane sul buono per il prossimo ordine.',
    ],
    terms: (email) =>
      'Il buono non può essere convertito in denaro. Conserva il codice con cura: chi lo conosce può usarlo.' +
      `${email ? ` Per domande scrivici a ${email}.` : ''}`,
    blocked: 'Bloccato',
  },
};
