import type { Locale } from '@shop/contracts/locale';

/** How a guest books the stay the voucher pays for: printed on every voucher, with the hotel's contacts. */
export function bookingInstructions(
  locale: Locale,
  brand: { brandName: string; supportEmail: string },
  hotel: { phone: string | null; email: string | null } = { phone: null, email: null },
): string[] {
  const reach: Record<Locale, string> = {
    de: [hotel.phone && `telefonisch unter ${hotel.phone}`, hotel.email && `per E-Mail an ${hotel.email}`]
      .filter(Boolean)
      .join(' oder '),
    en: [hotel.phone && `by phone on ${hotel.phone}`, hotel.email && `by e-mail to ${hotel.email}`]
      .filter(Boolean)
      .join(' or '),
    it: [hotel.phone && `per telefono al ${hotel.phone}`, hotel.email && `per e-mail a ${hotel.email}`]
      .filter(Boolean)
      .join(' o '),
  };
  const texts: Record<Locale, string[]> = {
    de: [
      `Buchen Sie Ihren Aufenthalt direkt beim Hotel, ${reach.de || 'telefonisch oder per E-Mail'}, und nennen Sie dabei den Gutscheincode. Das Hotel bestätigt Ihnen den Termin.`,
      'Bitte bringen Sie diesen Gutschein bei der Anreise mit; er gilt für die genannte Zahl an Nächten und Personen. Zusätzliche Leistungen bezahlen Sie vor Ort.',
      `Fragen zu Ihrem Gutschein beantwortet ${brand.brandName} gern${brand.supportEmail ? ` unter ${brand.supportEmail}` : ''}.`,
    ],
    en: [
      `Book your stay directly with the hotel, ${reach.en || 'by phone or e-mail'}, quoting the voucher code. The hotel confirms your dates.`,
      'Please bring this voucher when you arrive; it covers the stated number of nights and persons. Extra services are paid at the hotel.',
      `${brand.brandName} is happy to answer questions about your voucher${brand.supportEmail ? ` at ${brand.supportEmail}` : ''}.`,
    ],
    it: [
      `Prenotate il soggiorno direttamente presso l'hotel, ${reach.it || 'per telefono o e-mail'}, indicando il codice del voucher. L'hotel vi conferma le date.`,
      "Portate con voi questo voucher all'arrivo; vale per il numero di notti e di persone indicato. I servizi aggiuntivi si pagano in hotel.",
      `Per domande sul voucher ${brand.brandName} è a vostra disposizione${brand.supportEmail ? ` all'indirizzo ${brand.supportEmail}` : ''}.`,
    ],
  };
  return texts[locale];
}
