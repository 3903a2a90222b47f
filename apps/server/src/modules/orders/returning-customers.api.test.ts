import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { chooseOnSandbox, exampleCustomer } from '#src/test/orders.ts';

/**
 * Issue 23, finding 7b: what the shop tells about an address's earlier purchases. A once-per-customer
 * code (WILLKOMMEN10) is checked against the address as one person writes it in many ways
 * (email-identity.ts), and only when the order closes; the affiliate summary says "returning customer"
 * only of a paid order (docs/decisions/020-stock-held-by-bank-transfers.md).
 */
let shop: TestApp;
let variantId: number;
beforeAll(async () => {
  shop = await createTestApp();
  // Plenty of units: the limits on what bank transfers hold (transfer-holds.api.test.ts) stay out of the way.
  const [row] = await queryRows<{ id: number }>(
    shop.database.db,
    sql`SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id
        WHERE v.stock >= 100 AND o.is_active AND o.sale_ends_at IS NULL AND o.brand_id IS NULL
        ORDER BY v.id LIMIT 1`,
  );
  variantId = row?.id ?? 0;
});
afterAll(() => shop.close());

type Client = { ip: string; language?: 'de' | 'en' | 'it' };
type Cart = { orderId: number; key: string };

async function call(
  client: Client,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await shop.app.inject({
    method,
    url,
    remoteAddress: client.ip,
    headers: { 'accept-language': client.language ?? 'de' },
    ...(payload ? { payload } : {}),
  } as InjectOptions);
  return { status: response.statusCode, body: response.json() };
}

/** A cart of one voucher with `email`'s customer data, and the code if given (applied after the address). */
async function cartOf(client: Client, email: string, code?: string): Promise<Cart> {
  const created = await call(client, 'POST', '/api/order', {});
  const cart = { orderId: created.body.id as number, key: created.body.token as string };
  expect((await call(client, 'POST', '/api/order/items', { ...cart, variantId })).status).toBe(200);
  expect(
    (await call(client, 'PUT', '/api/order/customer', { ...cart, ...exampleCustomer, email })).status,
  ).toBe(200);
  if (code) {
    const applied = await call(client, 'POST', '/api/order/reduction', { ...cart, code });
    // Whoever the address is, the code applies to the cart: the cart does not tell who used it.
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  }
  return cart;
}

const close = (client: Client, cart: Cart, paymentType = 'wiretransfer') =>
  call(client, 'PUT', '/api/order/close', { ...cart, paymentType });

/** Closes with PayPal, approves in the sandbox and captures: paid. */
async function payWithPayPal(client: Client, cart: Cart) {
  const closed = await close(client, cart, 'paypal');
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  const back = await chooseOnSandbox(shop.app, closed.body.redirectUrl, 'approve');
  return call(client, 'POST', '/api/order/paypal-transaction', {
    ...cart,
    payPalOrderId: back.searchParams.get('token'),
  });
}

describe('a once-per-customer code', () => {
  it('is refused at the close to the same person writing the address with dots, +tags or googlemail', async () => {
    const client = { ip: '10.7.23.1' };
    expect(
      (await close(client, await cartOf(client, 'luisa.bianchi@gmail.com', 'WILLKOMMEN10'))).status,
    ).toBe(200);

    for (const [n, email] of [
      'Luisa.Bianchi+promo@googlemail.com',
      'l.u.i.s.a.bianchi+2@gmail.com',
    ].entries()) {
      const again = { ip: `10.7.23.${n + 2}`, language: 'en' as const };
      const cart = await cartOf(again, email, 'WILLKOMMEN10');
      const refused = await close(again, cart);
      expect(refused.status, email).toBe(417);
      expect(refused.body).toMatchObject({
        type: 'invalid-reduction',
        detail: 'You have already redeemed this promotion code.',
      });
      // The cart is as it was: the buyer takes the code off and orders without it.
      expect((await call(again, 'GET', `/api/order/${cart.orderId}/${cart.key}`)).body).toMatchObject({
        status: 'cart',
        reduction: { code: 'WILLKOMMEN10' },
      });
      expect((await call(again, 'DELETE', '/api/order/reduction', cart)).status).toBe(200);
      expect((await close(again, cart)).status).toBe(200);
    }
  });

  it('is not said to be used before the close: neither applying it nor preparing the order tells', async () => {
    const client = { ip: '10.7.24.1' };
    expect(
      (await close(client, await cartOf(client, 'giulia.verdi@example.it', 'WILLKOMMEN10'))).status,
    ).toBe(200);

    // Someone else types Giulia's address into a cart of their own and asks.
    const prober = { ip: '10.7.24.2' };
    const cart = await cartOf(prober, 'giulia.verdi@example.it', 'WILLKOMMEN10');
    const prepared = await call(prober, 'GET', `/api/order/prepare/${cart.orderId}/${cart.key}`);
    expect(prepared.body).toMatchObject({
      validForSale: true,
      reductionInvalidated: false,
      notifications: [],
    });
    const validated = await call(prober, 'GET', `/api/order/validate/${cart.orderId}/${cart.key}`);
    expect(validated.body).toMatchObject({ validForSale: true, reductionInvalidated: false });
  });

  it('a client that keeps closing with used addresses is slowed: after 5, its closes with the code answer 429', async () => {
    const owner = { ip: '10.7.25.1' };
    expect((await close(owner, await cartOf(owner, 'paolo.neri@example.it', 'WILLKOMMEN10'))).status).toBe(
      200,
    );

    const prober = { ip: '10.7.25.2' };
    const cart = await cartOf(prober, 'paolo.neri@example.it', 'WILLKOMMEN10');
    for (let attempt = 1; attempt <= 5; attempt++) expect((await close(prober, cart)).status).toBe(417);
    // An address that never used the code now answers the same as one that did: no verdict.
    const fresh = await cartOf(prober, 'never.used@example.it', 'WILLKOMMEN10');
    const limited = await close(prober, fresh);
    expect(limited.status).toBe(429);
    expect(limited.body.type).toBe('too-many-requests');
    // Its closes without such a code are not held up, nor are other clients.
    expect((await call(prober, 'DELETE', '/api/order/reduction', fresh)).status).toBe(200);
    expect((await close(prober, fresh)).status).toBe(200);
    const other = { ip: '10.7.25.3' };
    expect((await close(other, await cartOf(other, 'someone.new@example.it', 'WILLKOMMEN10'))).status).toBe(
      200,
    );
  });
});

describe('the affiliate summary (GET /api/order/meta)', () => {
  it('says "returning customer" only once the order is paid', async () => {
    const client = { ip: '10.7.26.1' };
    const email = 'stammkundin@example.com';
    expect((await payWithPayPal(client, await cartOf(client, email))).body.status).toBe('paid');

    const customerOf = async (cart: Cart) =>
      (await call(client, 'GET', `/api/order/meta/${cart.orderId}/${cart.key}`)).body.affiliate.customer;
    // A cart and an order waiting for its payment, with the returning buyer's address: nothing said yet.
    const cart = await cartOf(client, email);
    expect(await customerOf(cart)).toBe(0);
    const closed = await close(client, cart, 'paypal');
    expect(closed.body.order.status).toBe('payment-pending');
    expect(await customerOf(cart)).toBe(0);
    const transfer = await cartOf(client, email);
    expect((await close(client, transfer)).body.order.status).toBe('awaiting-payment');
    expect(await customerOf(transfer)).toBe(0);

    // Paid: the affiliate tags learn that she bought before.
    const back = await chooseOnSandbox(shop.app, closed.body.redirectUrl, 'approve');
    const paid = await call(client, 'POST', '/api/order/paypal-transaction', {
      ...cart,
      payPalOrderId: back.searchParams.get('token'),
    });
    expect(paid.body.status).toBe('paid');
    expect(await customerOf(cart)).toBe(1);
    // A new buyer's paid order is a new customer's.
    const newcomer = await cartOf(client, 'neukunde@example.com');
    expect((await payWithPayPal(client, newcomer)).body.status).toBe('paid');
    expect(await customerOf(newcomer)).toBe(0);
  });
});
