import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, queryRows } from '#src/db/client.ts';

/** A customer whose data passes every check of PUT /api/order/customer. */
export const exampleCustomer = {
  gender: 10,
  firstName: 'Luca',
  lastName: 'Rossi',
  email: 'luca.rossi@example.it',
  street: 'Via Roma',
  houseNumber: '1',
  postcode: '39100',
  city: 'Bolzano',
  country: 'IT',
  acceptTerms: true,
} as const;

/** Ids of variants every brand sells with a few units in stock, lowest first. */
export async function variantsInStock(db: Database, count = 1): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id
        WHERE v.stock >= 5 AND o.is_active AND o.brand_id IS NULL ORDER BY v.id LIMIT ${count}`,
  );
  if (rows.length === 0) throw new Error('no variant in stock');
  return rows.map((row) => row.id);
}

type Shop = Pick<FastifyInstance, 'inject'>;

/**
 * The same calls as `app.inject()`, over HTTP to a server process; answers carry what the helpers
 * here and in staff.ts read (status, body, raw bytes, json(), headers with every set-cookie).
 */
export function httpShop(baseUrl: string): Shop {
  const shop = {
    async inject({
      method,
      url,
      payload,
      headers = {},
    }: {
      method: string;
      url: string;
      payload?: object | string;
      headers?: Record<string, string>;
    }) {
      const isRaw = typeof payload === 'string' || Buffer.isBuffer(payload);
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        redirect: 'manual',
        headers: { ...(payload && !isRaw ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(payload ? { body: isRaw ? (payload as string | Buffer) : JSON.stringify(payload) } : {}),
      });
      const rawPayload = Buffer.from(await response.arrayBuffer());
      const body = rawPayload.toString();
      return {
        statusCode: response.status,
        body,
        rawPayload,
        json: () => JSON.parse(body),
        headers: {
          ...Object.fromEntries(response.headers),
          location: response.headers.get('location') ?? undefined,
          'set-cookie': response.headers.getSetCookie(),
        },
      };
    },
  };
  return shop as unknown as Shop;
}
export type Cart = { orderId: number; key: string };

/** The shop as a browser on one brand's host sees it: every call carries these headers (host, language). */
export function onBrand(app: Shop, headers: Record<string, string>): Shop {
  const shop = {
    inject: (options: { headers?: Record<string, string> }) =>
      app.inject({ ...options, headers: { ...headers, ...options.headers } } as never),
  };
  return shop as unknown as Shop;
}

/** A cart with one unit of `variantId` and the example customer's data: ready to close. */
export async function readyCart(
  app: Shop,
  variantId: number,
  customer: object = exampleCustomer,
): Promise<Cart> {
  const created = (await app.inject({ method: 'POST', url: '/api/order', payload: {} })).json();
  const cart = { orderId: created.id as number, key: created.token as string };
  await app.inject({ method: 'POST', url: '/api/order/items', payload: { ...cart, variantId } });
  await app.inject({ method: 'PUT', url: '/api/order/customer', payload: { ...cart, ...customer } });
  return cart;
}

/** The buyer's choice on the payment simulator's page; answers where the "provider" sends them back. */
export async function chooseOnSandbox(
  app: Shop,
  redirectUrl: string,
  action: 'approve' | 'cancel' | 'decline' | 'timeout',
): Promise<URL> {
  const answer = await app.inject({ method: 'POST', url: `${redirectUrl}/${action}` });
  if (answer.statusCode !== 303) throw new Error(`sandbox ${action}: ${answer.statusCode} ${answer.body}`);
  return new URL(answer.headers.location as string);
}

/** Closes with PayPal, approves in the sandbox and captures, as the buyer's browser does: the order is paid. */
export async function payWithPayPal(app: Shop, cart: Cart) {
  const closed = await app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: 'paypal' },
  });
  const back = await chooseOnSandbox(app, closed.json().redirectUrl, 'approve');
  const captured = await app.inject({
    method: 'POST',
    url: '/api/order/paypal-transaction',
    payload: { ...cart, payPalOrderId: back.searchParams.get('token') },
  });
  if (captured.statusCode !== 200) throw new Error(`capture: ${captured.statusCode} ${captured.body}`);
  return captured.json();
}

/** A cart of the brand the `headers` name (its host) with one unit of a variant every brand sells. */
export async function brandCart(
  app: Pick<FastifyInstance, 'inject'>,
  db: Database,
  headers: Record<string, string>,
): Promise<Cart> {
  const created = await app.inject({ method: 'POST', url: '/api/order', headers, payload: {} });
  const { id, token } = created.json();
  const [variantId] = await variantsInStock(db);
  await app.inject({
    method: 'POST',
    url: '/api/order/items',
    headers,
    payload: { orderId: id, key: token, variantId },
  });
  return { orderId: id as number, key: token as string };
}

/** PUT /api/order/customer with these headers (host, language): status and parsed answer. */
export async function putCustomer(
  app: Pick<FastifyInstance, 'inject'>,
  headers: Record<string, string>,
  payload: object,
) {
  const response = await app.inject({ method: 'PUT', url: '/api/order/customer', headers, payload });
  return { status: response.statusCode, body: response.json() };
}

/**
 * What a buyer sees of an order (its status, vouchers, invoice) and the mails queued for it: a paid order
 * has one voucher per unit, an invoice and the payment-received mail.
 */
export async function orderAsSeen(app: Shop, db: Database, cart: Cart) {
  const order = (await app.inject({ method: 'GET', url: `/api/order/${cart.orderId}/${cart.key}` })).json();
  const mails = await queryRows<{ kind: string }>(
    db,
    sql`SELECT kind FROM mails WHERE order_id = ${cart.orderId} ORDER BY id`,
  );
  return {
    status: order.status as string,
    vouchers: (order.vouchers as unknown[]).length,
    invoiceNumber: order.invoiceNumber as string | null,
    mails: mails.map((mail) => mail.kind),
  };
}

/**
 * SQL: the sandbox's captures whose order is not booked, neither paid with that payment nor refunded.
 * After the reconciliation (docs/decisions/024) has run, there are none.
 */
export const capturedButUnbookedSql = `
  SELECT o.id AS order_id, o.status AS order_status, p.status AS payment_status
    FROM sandbox_payments s JOIN payments p ON p.provider = s.provider AND p.provider_reference = s.id
    JOIN orders o ON o.id = p.order_id
   WHERE s.state = 'captured'
     AND NOT (p.status = 'captured' AND o.status = 'paid')
     AND NOT (p.status = 'refunded' AND EXISTS (SELECT 1 FROM sandbox_refunds r WHERE r.capture_id = s.capture_id))`;
