import type { Locale } from '@shop/contracts/locale';
import type { NotificationKind, OrderNotification } from '@shop/contracts/orders';
import { isReductionFailure, reductionFailureText } from './reduction-rules.ts';

/** SPEC §3: what the shop tells the customer when it had to adjust an order, with placeholders. */
const texts: Record<NotificationKind, Record<Locale, string>> = {
  NotAvailable: {
    de: '„{title}“ ist nicht mehr verfügbar und wurde aus dem Warenkorb entfernt.',
    en: '“{title}” is no longer available and was removed from your cart.',
    it: '“{title}” non è più disponibile ed è stato rimosso dal carrello.',
  },
  QuantityDecreased: {
    de: 'Von „{title}“ sind nur noch {quantity} Stück verfügbar; die Menge wurde angepasst.',
    en: 'Only {quantity} of “{title}” are left; the quantity was adjusted.',
    it: 'Di “{title}” sono disponibili solo {quantity} pezzi; la quantità è stata adattata.',
  },
  PromotionCodeExpired: {
    de: 'Der Aktionscode {code} ist abgelaufen und wurde entfernt.',
    en: 'The promotion code {code} has expired and was removed.',
    it: 'Il codice promozionale {code} è scaduto ed è stato rimosso.',
  },
  PromotionCodeInvalid: {
    de: 'Der Aktionscode {code} ist nicht mehr gültig und wurde entfernt.',
    en: 'The promotion code {code} is no longer valid and was removed.',
    it: 'Il codice promozionale {code} non è più valido ed è stato rimosso.',
  },
  PriceHasChanged: {
    de: 'Der Preis von „{title}“ hat sich auf {price} geändert.',
    en: 'The price of “{title}” has changed to {price}.',
    it: 'Il prezzo di “{title}” è cambiato in {price}.',
  },
  GiftCardInvalidated: {
    de: 'Der Gutschein {code} kann nicht mehr eingelöst werden und wurde entfernt.',
    en: 'The gift card {code} can no longer be redeemed and was removed.',
    it: 'Il buono regalo {code} non può più essere utilizzato ed è stato rimosso.',
  },
};

export type StoredNotification = { kind: NotificationKind; params: Record<string, string | number> };

/** A code removed for a reason the customer can act on (used by them, not for these vouchers…). */
const codeRemoved: Record<Locale, string> = {
  de: 'Der Aktionscode {code} wurde entfernt.',
  en: 'The promotion code {code} was removed.',
  it: 'Il codice promozionale {code} è stato rimosso.',
};

/** A voucher that went while other variants (nights, persons) of its offer are still on sale. */
const otherVariantsLeft: Record<Locale, string> = {
  de: 'Andere Varianten dieses Angebots sind noch erhältlich.',
  en: 'Other options of this offer are still available.',
  it: 'Altre varianti di questa offerta sono ancora disponibili.',
};

export function presentNotification(notification: StoredNotification, locale: Locale): OrderNotification {
  const { reason, minimumCents, otherVariants } = notification.params;
  // Stored without words (the order may be read later in another language): the reason is a key.
  const base =
    notification.kind === 'PromotionCodeInvalid' && isReductionFailure(reason)
      ? `${codeRemoved[locale]} ${reductionFailureText(reason, Number(minimumCents ?? 0), locale)}`
      : texts[notification.kind][locale];
  const template = Number(otherVariants ?? 0) > 0 ? `${base} ${otherVariantsLeft[locale]}` : base;
  const text = template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    String(notification.params[name] ?? placeholder),
  );
  return { ...notification, text };
}
