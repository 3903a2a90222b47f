import { describe, expect, it } from 'vitest';
import { adjustedOrderToast, adjustedOrderToastMs } from './adjusted-order.ts';

const unchanged = {
  validForSale: true,
  itemQuantityChanged: false,
  itemSoldOut: false,
  reductionInvalidated: false,
  giftCardInvalidated: false,
  priceChanged: false,
};

describe('SPEC §8 order-adjusted toast', () => {
  it('nothing changed: no toast', () => {
    expect(adjustedOrderToast(unchanged)).toBeNull();
  });

  it('opens with "the order was changed" and closes with "please check it", with what changed between', () => {
    expect(
      adjustedOrderToast({
        ...unchanged,
        validForSale: false,
        itemQuantityChanged: true,
        reductionInvalidated: true,
      }),
    ).toEqual([
      { key: 'order.adjusted' },
      { key: 'order.adjusted.quantity' },
      { key: 'order.adjusted.reduction' },
      { key: 'order.adjusted.check' },
    ]);
    expect(adjustedOrderToast({ ...unchanged, validForSale: false, itemSoldOut: true })).toEqual([
      { key: 'order.adjusted' },
      { key: 'order.adjusted.soldOut' },
      { key: 'order.adjusted.check' },
    ]);
  });

  it('an order not valid for sale is adjusted even without a named reason', () => {
    expect(adjustedOrderToast({ ...unchanged, validForSale: false })).toEqual([
      { key: 'order.adjusted' },
      { key: 'order.adjusted.check' },
    ]);
  });

  it('stays 5000 ms (SPEC §9)', () => {
    expect(adjustedOrderToastMs).toBe(5000);
  });
});
