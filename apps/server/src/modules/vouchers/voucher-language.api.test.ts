import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { readPdf } from '#src/modules/documents/pdf-inspection.test-support.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { payWithPayPal, readyCart } from '#src/test/orders.ts';

/** The voucher speaks the language it is downloaded in, place names included (issue 13). */
let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

describe('a voucher for a hotel in Rome', () => {
  it("prints the hotel's town in the language of the download (00184 Roma, Rom, Rome)", async () => {
    const [rome] = await queryRows<{ id: number; postcode: string }>(
      shop.database.db,
      sql`SELECT v.id, h.postcode FROM variants v JOIN offers o ON o.id = v.offer_id
        JOIN hotels h ON h.id = o.hotel_id
        WHERE v.stock >= 5 AND o.brand_id IS NULL AND h.city->>'de' = 'Rom' ORDER BY v.id LIMIT 1`,
    );
    const cart = await readyCart(shop.app, rome!.id);
    await payWithPayPal(shop.app, cart);
    const order = await shop.app.inject({ method: 'GET', url: `/api/order/${cart.orderId}/${cart.key}` });
    const [voucher] = order.json().vouchers as { id: number }[];
    await shop.app.inject({
      method: 'PUT',
      url: `/api/voucher/${cart.orderId}/${cart.key}/${voucher!.id}`,
      payload: { customer: { firstName: 'Giulia', lastName: 'Rossi' } },
    });
    for (const [locale, place] of [
      ['it', 'Roma'],
      ['de', 'Rom'],
      ['en', 'Rome'],
    ] as const) {
      const pdf = await shop.app.inject({
        method: 'GET',
        url: `/api/voucher/download/${cart.orderId}/${cart.key}/${voucher!.id}.pdf`,
        headers: { 'accept-language': locale },
      });
      expect(pdf.statusCode).toBe(200);
      expect(readPdf(pdf.rawPayload).text, locale).toMatch(new RegExp(`${rome!.postcode} ${place}\\b`));
    }
  });
});
