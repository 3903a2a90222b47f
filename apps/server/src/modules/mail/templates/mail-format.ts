import { toPlainText } from '@react-email/render';
import type { Locale } from '@shop/contracts/locale';
import { formatPrice } from '@shop/contracts/money';

/** A price as the shop shows it ("€ 1.299,-"); refuses anything but integer cents so "€ NaN" never reaches a customer. */
export function formatMailPrice(cents: number, locale: Locale): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an amount in integer cents: ${cents}`);
  return formatPrice(cents, locale);
}

// The date stands alone in the mail, so UTC keeps the server's zone from moving it a day.
const englishDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD) as customers read it: "14.03.2026" in de and it, "14 March 2026" in en. */
export function formatMailDate(isoDate: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  // A rolled-over date (2026-02-31) would tell the customer a wrong deadline: refuse it like garbage.
  if (!match || !date || date.toISOString().slice(0, 10) !== isoDate) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${isoDate}`);
  }
  if (locale === 'en') return englishDate.format(date);
  return `${match[3]}.${match[2]}.${match[1]}`;
}

/** IBANs are printed in groups of four so people can compare them with what they type. */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

const plainTextOptions = {
  selectors: [
    // html-to-text shouts headings in capitals by default; a mail reads calmer as written.
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    // The number is the link's text already; "tel:+49…" after it is noise.
    { selector: 'a[href^="tel:"]', format: 'anchor', options: { ignoreHref: true } },
  ],
};

/**
 * The plain-text part of a mail from its rendered HTML (a second render with plainText would give the
 * same, at the cost of that render): every mail turns into text the same way.
 */
export function mailPlainText(html: string): string {
  return toPlainText(html, plainTextOptions);
}
