import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { payWithPayPal, readyCart, variantsInStock } from '#src/test/orders.ts';

/**
 * Closing with PayPal is two steps: take the hold (one transaction), then start the provider's payment
 * and record it. A database that goes away between them (docs/decisions/023) leaves an order waiting for
 * a payment that was never recorded; the buyer closing again must get a payment to approve, not an
 * order stuck with its stock held until the hold runs out.
 */
let shop: TestApp;
let variantId: number;
beforeAll(async () => {
  shop = await createTestApp();
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(() => shop.close());

describe('a close cut off after its hold was taken', () => {
  it('starts the payment when the buyer closes again, and the purchase completes', async () => {
    const cart = await readyCart(shop.app, variantId);
    const close = () =>
      shop.app.inject({
        method: 'PUT',
        url: '/api/order/close',
        payload: { ...cart, paymentType: 'paypal' },
      });
    expect((await close()).statusCode).toBe(200);
    // What the cut-off leaves: the order holds its stock and waits, no payment is recorded.
    await queryRows(shop.database.db, sql`DELETE FROM payments WHERE order_id = ${cart.orderId}`);

    const again = await close();
    expect(again.statusCode).toBe(200);
    expect(again.json().order.status).toBe('payment-pending');
    expect(again.json().redirectUrl).toMatch(/^\/sandbox\/paypal\//);

    const paid = await payWithPayPal(shop.app, cart);
    expect(paid.status).toBe('paid');
  });
});
