import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { readPdf } from '#src/modules/documents/pdf-inspection.test-support.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { payWithPayPal, readyCart } from '#src/test/orders.ts';

/**
 * The voucher speaks the order's language, place names included (issue 13), whatever language its
 * download asks for (issue 24): it is the same document for the buyer, the guest and the hotel.
 */
let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

describe('a voucher for a hotel in Rome', () => {
  it("prints the hotel's town in the order's language (00184 Roma), whatever the download's language", async () => {
    const [rome] = await queryRows<{ id: number; postcode: string }>(
      shop.database.db,
      sql`SELECT v.id, h.postcode FROM variants v JOIN offers o ON o.id = v.offer_id
        JOIN hotels h ON h.id = o.hotel_id
        WHERE v.stock >= 5 AND o.brand_id IS NULL AND h.city->>'de' = 'Rom' ORDER BY v.id LIMIT 1`,
    );
    // An Italian buyer's order.
    const italian = {
      inject: (request: InjectOptions) =>
        shop.app.inject({ ...request, headers: { 'accept-language': 'it' } }),
    } as Parameters<typeof readyCart>[0];
    const cart = await readyCart(italian, rome!.id);
    await payWithPayPal(italian, cart);
    const order = await shop.app.inject({ method: 'GET', url: `/api/order/${cart.orderId}/${cart.key}` });
    const [voucher] = order.json().vouchers as { id: number }[];
    await shop.app.inject({
      method: 'PUT',
      url: `/api/voucher/${cart.orderId}/${cart.key}/${voucher!.id}`,
      payload: { customer: { firstName: 'Giulia', lastName: 'Rossi' } },
    });
    const downloads: Buffer[] = [];
    for (const locale of ['it', 'de', 'en', undefined]) {
      const pdf = await shop.app.inject({
        method: 'GET',
        url: `/api/voucher/download/${cart.orderId}/${cart.key}/${voucher!.id}.pdf`,
        headers: locale ? { 'accept-language': locale } : {},
      });
      expect(pdf.statusCode).toBe(200);
      expect(readPdf(pdf.rawPayload).text, locale).toMatch(new RegExp(`${rome!.postcode} Roma\\b`));
      downloads.push(pdf.rawPayload);
    }
    for (const pdf of downloads) expect(pdf.equals(downloads[0]!)).toBe(true);
  });
});
