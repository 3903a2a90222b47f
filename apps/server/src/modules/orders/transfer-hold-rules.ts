import type { Locale } from '@shop/contracts/locale';

/**
 * How much stock unpaid bank transfers may hold (docs/decisions/020-stock-held-by-bank-transfers.md).
 * Pure: transfer-holds.ts reads the numbers under the locks and asks these rules.
 *
 * A variant's units here are those on the shelf plus those unpaid transfers hold: what the shop has to
 * sell before anyone pays. Units held by orders waiting at PayPal or Amazon Pay (an hour at most) and
 * units sold are not counted.
 */

/** All unpaid transfers together hold at most half: the other half stays on the shelf for buyers who pay at once. */
export const transferCeilingShare = 0.5;
/** One buyer (the order, and the other open transfers of its client or its address) holds at most 10 %… */
export const buyerShare = 0.1;
/** …or 4 units, where 10 % is fewer: enough for a family's or a small group's vouchers. */
export const buyerFloorUnits = 4;

/** One variant of the order being closed, as the database has it with this order's hold taken. */
export type VariantHolds = {
  title: string;
  /** Units of the variant this order asks for. */
  quantity: number;
  /** Units left on the shelf after this order's hold. */
  onShelf: number;
  /** Units the other unpaid transfers hold. */
  heldByTransfers: number;
  /** Of those, the units held by open transfers of this order's client or address. */
  heldByBuyer: number;
};

/** How many units of the variant this order may hold for a transfer. */
export function transferUnitsAllowed(variant: VariantHolds): number {
  const units = variant.onShelf + variant.heldByTransfers + variant.quantity;
  const ceiling = Math.floor(units * transferCeilingShare);
  const buyerLimit = Math.max(buyerFloorUnits, Math.floor(units * buyerShare));
  return Math.max(0, Math.min(ceiling - variant.heldByTransfers, buyerLimit - variant.heldByBuyer));
}

export type TransferLimitReason =
  /** The client or the address already has `limit` open unpaid transfers. */
  | { reason: 'open-transfers'; limit: number }
  /** Fewer units of a variant may be held for a transfer than the order asks for (`allowed` may be 0). */
  | { reason: 'quantity'; title: string; allowed: number };

const texts = {
  'open-transfers': {
    de: 'Höchstens {limit} Bestellungen können gleichzeitig auf eine Überweisung warten. Bitte bezahlen Sie zuerst Ihre offenen Bestellungen oder bezahlen Sie diese sofort mit PayPal oder Amazon Pay.',
    en: 'At most {limit} orders can wait for a bank transfer at the same time. Please pay your open orders first, or pay this one at once with PayPal or Amazon Pay.',
    it: 'Al massimo {limit} ordini possono attendere un bonifico allo stesso tempo. La preghiamo di pagare prima gli ordini aperti o di pagare questo subito con PayPal o Amazon Pay.',
  },
  quantity: {
    de: 'Per Überweisung können wir von „{title}“ derzeit höchstens {allowed} Stück für Sie reservieren. Bitte verringern Sie die Anzahl oder bezahlen Sie sofort mit PayPal oder Amazon Pay.',
    en: 'We can reserve at most {allowed} of “{title}” for you for payment by bank transfer at the moment. Please lower the quantity, or pay at once with PayPal or Amazon Pay.',
    it: 'Con il bonifico possiamo riservarLe al momento al massimo {allowed} pezzi di “{title}”. La preghiamo di ridurre la quantità o di pagare subito con PayPal o Amazon Pay.',
  },
  none: {
    de: '„{title}“ kann derzeit nicht per Überweisung reserviert werden. Bitte bezahlen Sie sofort mit PayPal oder Amazon Pay.',
    en: '“{title}” cannot be reserved for payment by bank transfer at the moment. Please pay at once with PayPal or Amazon Pay.',
    it: '“{title}” al momento non può essere riservato per il pagamento con bonifico. La preghiamo di pagare subito con PayPal o Amazon Pay.',
  },
} satisfies Record<string, Record<Locale, string>>;

/** The refusal in the customer's words: why, and what to do instead. */
export function describeTransferLimit(limit: TransferLimitReason, locale: Locale): string {
  if (limit.reason === 'open-transfers') {
    return texts['open-transfers'][locale].replace('{limit}', String(limit.limit));
  }
  const text = limit.allowed > 0 ? texts.quantity[locale] : texts.none[locale];
  return text.replace('{title}', limit.title).replace('{allowed}', String(limit.allowed));
}
