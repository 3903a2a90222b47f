import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { transferOrder } from '#src/modules/bank/testing/transfer-order.ts';
import { readPdf } from '#src/modules/documents/pdf-inspection.test-support.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type Cart, payWithPayPal, readyCart, variantsInStock } from '#src/test/orders.ts';
import { type StaffClient, signInStaff } from '#src/test/staff.ts';
import { refundAmount } from './refunds.ts';

/** Refunds by staff: vouchers void at once, the money back through the provider by a job. */
let shop: TestApp;
let operator: StaffClient;
let variantId: number;
beforeAll(async () => {
  shop = await createTestApp({ env: { JOBS_IN_SERVER: 'true', TRUST_PROXY: 'true' } });
  operator = await signInStaff(shop.app, 'operator@example.org', { locale: 'de' });
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(() => shop.close());

async function paidTwice(): Promise<Cart> {
  const cart = await readyCart(shop.app, variantId);
  await shop.app.inject({ method: 'POST', url: '/api/order/items', payload: { ...cart, variantId } });
  await payWithPayPal(shop.app, cart);
  return cart;
}

async function settled(orderId: number) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const detail = (await operator.get(`/api/admin/orders/${orderId}`)).json();
    if (detail.refunds.every((refund: { status: string }) => refund.status !== 'pending')) return detail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the refunds of order ${orderId} stayed pending`);
}

const voucherPdfText = async (cart: Cart, voucherId: number) =>
  readPdf(
    (
      await shop.app.inject({
        method: 'GET',
        url: `/api/voucher/download/${cart.orderId}/${cart.key}/${voucherId}.pdf`,
      })
    ).rawPayload,
  ).text;

describe('refunds', () => {
  it('refunds one voucher of two through the provider: that voucher is void, its PDF says so, the other stays valid', async () => {
    const cart = await paidTwice();
    const before = (await operator.get(`/api/admin/orders/${cart.orderId}`)).json();
    expect(before.vouchers).toHaveLength(2);
    const [first, second] = before.vouchers as { id: number }[];
    const answer = await operator.post(`/api/admin/orders/${cart.orderId}/refund`, {
      voucherIds: [first!.id],
      note: 'Gast kann nicht reisen, Kulanz',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().vouchers[0].voidedAt).not.toBeNull();
    expect(answer.json().vouchers[1].voidedAt).toBeNull();
    const detail = await settled(cart.orderId);
    const [refund] = detail.refunds;
    expect(refund).toMatchObject({
      status: 'refunded',
      voucherIds: [first!.id],
      requestedBy: 'operator@example.org',
    });
    expect(refund.amountCents).toBe(Math.round(before.totalCents / 2));
    // The provider gave that much back (the sandbox records what it was asked for).
    const atProvider = await queryRows<{ amount_cents: number }>(
      shop.database.db,
      sql`SELECT r.amount_cents FROM sandbox_refunds r ORDER BY r.created_at DESC LIMIT 1`,
    );
    expect(atProvider[0]?.amount_cents).toBe(refund.amountCents);

    expect(await voucherPdfText(cart, first!.id)).toContain('UNGÜLTIG – GUTSCHEIN ERSTATTET');
    // The buyer's order page hears it too.
    const onOrderPage = (
      await shop.app.inject({ method: 'GET', url: `/api/voucher/${cart.orderId}/${cart.key}/${first!.id}` })
    ).json();
    expect(onOrderPage.refundedAt).not.toBeNull();
    expect(await voucherPdfText(cart, second!.id)).not.toContain('ERSTATTET');
    expect(detail.history.at(-1)).toMatchObject({
      action: 'order.refund',
      before: { openVouchers: [first!.id, second!.id] },
      after: { voidedVouchers: [first!.id], amountCents: refund.amountCents, refund: 'pending' },
    });

    // The rest: what is left of the total, so that both refunds add up to what was paid.
    const rest = await operator.post(`/api/admin/orders/${cart.orderId}/refund`, {
      note: 'Rest auch erstattet',
    });
    expect(rest.statusCode).toBe(200);
    const done = await settled(cart.orderId);
    expect(
      done.refunds.reduce((sum: number, item: { amountCents: number }) => sum + item.amountCents, 0),
    ).toBe(before.totalCents);
    const again = await operator.post(`/api/admin/orders/${cart.orderId}/refund`, { note: 'nochmal' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      'Diese Gutscheine sind schon erstattet oder gehören nicht zur Bestellung.',
    );
  });

  it('marks the refund of a bank transfer for the bank (manual), and refuses an unpaid order', async () => {
    const order = await transferOrder(shop.app, variantId);
    const unpaid = await operator.post(`/api/admin/orders/${order.orderId}/refund`, { note: 'zu früh' });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().detail).toBe('Nur eine bezahlte Bestellung kann erstattet werden.');
    const total = (await operator.get(`/api/admin/orders/${order.orderId}`)).json().totalCents;
    await operator.post(`/api/admin/orders/${order.orderId}/mark-paid`, {
      amountCents: total,
      note: 'bar bezahlt',
    });
    const refunded = await operator.post(`/api/admin/orders/${order.orderId}/refund`, {
      note: 'zurücküberweisen',
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().refunds[0]).toMatchObject({ status: 'manual', amountCents: total });
  });

  it('shares a discount across the vouchers refunded one by one', () => {
    const vouchers = [1, 2, 3].map((id) => ({ id, voided_at: null, unit_price_cents: 10_000 }));
    const order = { subtotal_cents: 30_000, total_cents: 25_001 };
    const first = refundAmount(order, vouchers.slice(0, 1), vouchers, 0);
    expect(first).toBe(8334);
    const second = refundAmount(order, vouchers.slice(1, 2), vouchers.slice(1), first);
    const last = refundAmount(order, vouchers.slice(2), vouchers.slice(2), first + second);
    expect(first + second + last).toBe(25_001);
  });
});
