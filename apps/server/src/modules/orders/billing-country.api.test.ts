import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { brandCart, exampleCustomer, putCustomer } from '#src/test/orders.ts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

// Demo brands: viaggi sells to Italy, Switzerland and Austria only; demo to SPEC §3's seven (the default).
const viaggi = { host: 'viaggi.localhost' };
const demo = { host: 'demo.localhost' };

const storedCountry = async (orderId: number) =>
  (
    await queryRows<{ country: string | null }>(
      shop.database.db,
      sql`SELECT customer_data->>'country' AS country FROM orders WHERE id = ${orderId}`,
    )
  )[0]?.country;

describe("the billing country is one of the brand's", () => {
  it('a country the brand does not sell to is a 400 on the field in the caller’s language; nothing is stored', async () => {
    const access = await brandCart(shop.app, shop.database.db, viaggi);
    const refused = await putCustomer(
      shop.app,
      { ...viaggi, 'accept-language': 'it' },
      { ...access, ...exampleCustomer, country: 'DE' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.type).toMatch(/validation-error$/);
    expect(refused.body.errors).toEqual([{ field: 'country', message: expect.stringMatching(/Paese/) }]);
    expect(await storedCountry(access.orderId)).toBeNull();

    const accepted = await putCustomer(shop.app, viaggi, { ...access, ...exampleCustomer, country: 'AT' });
    expect(accepted.status).toBe(200);
    expect(await storedCountry(access.orderId)).toBe('AT');
  });

  it('a brand without its own list takes all seven of SPEC §3', async () => {
    const access = await brandCart(shop.app, shop.database.db, demo);
    for (const country of ['DE', 'CZ', 'LI']) {
      expect((await putCustomer(shop.app, demo, { ...access, ...exampleCustomer, country })).status).toBe(
        200,
      );
    }
  });
});
