import type { ValidationResult } from '@shop/contracts/orders';
import type { ToastPart } from '#app/lib/toasts.ts';

type Changes = Pick<
  ValidationResult,
  | 'validForSale'
  | 'itemQuantityChanged'
  | 'itemSoldOut'
  | 'reductionInvalidated'
  | 'giftCardInvalidated'
  | 'priceChanged'
>;

export function isOrderAdjusted(result: Changes): boolean {
  return (
    !result.validForSale ||
    result.itemQuantityChanged ||
    result.itemSoldOut ||
    result.reductionInvalidated ||
    result.giftCardInvalidated ||
    result.priceChanged
  );
}

/**
 * SPEC §8 order-adjusted toast: "the order was changed", what changed (quantity, a sold-out item
 * removed, the code no longer valid, ...), then "please check the changed order before you go on".
 * Null when preparing changed nothing.
 */
export function adjustedOrderToast(result: Changes): ToastPart[] | null {
  if (!isOrderAdjusted(result)) return null;
  const parts: ToastPart[] = [{ key: 'order.adjusted' }];
  if (result.itemQuantityChanged) parts.push({ key: 'order.adjusted.quantity' });
  if (result.itemSoldOut) parts.push({ key: 'order.adjusted.soldOut' });
  if (result.reductionInvalidated) parts.push({ key: 'order.adjusted.reduction' });
  if (result.giftCardInvalidated) parts.push({ key: 'order.adjusted.giftCard' });
  if (result.priceChanged) parts.push({ key: 'order.adjusted.price' });
  parts.push({ key: 'order.adjusted.check' });
  return parts;
}

/** SPEC §8: the order-adjusted toast stays 5000 ms. */
export const adjustedOrderToastMs = 5000;
