import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type Cart, exampleCustomer, payWithPayPal, readyCart, variantsInStock } from '#src/test/orders.ts';
import { type StaffClient, signInStaff } from '#src/test/staff.ts';

/** What staff find and do in the back office's orders, as its API answers them. */
let shop: TestApp;
let operator: StaffClient;
let support: StaffClient;
let manager: StaffClient;
let variantId: number;

beforeAll(async () => {
  shop = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  [operator, support, manager] = await Promise.all([
    signInStaff(shop.app, 'operator@example.org'),
    signInStaff(shop.app, 'support@example.org', { locale: 'de' }),
    signInStaff(shop.app, 'manager.autoclub@example.org'),
  ]);
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(() => shop.close());

const customer = (lastName: string, email: string) => ({
  ...exampleCustomer,
  firstName: 'Hanna',
  lastName,
  email,
});

async function transferOrder(lastName = 'Transferowa', email = 'hanna.t@example.org'): Promise<Cart> {
  const cart = await readyCart(shop.app, variantId, customer(lastName, email));
  const closed = await shop.app.inject({
    method: 'PUT',
    url: '/api/order/close',
    payload: { ...cart, paymentType: 'wiretransfer' },
  });
  if (closed.statusCode !== 200) throw new Error(`close: ${closed.statusCode} ${closed.body}`);
  return cart;
}

async function paidOrder(lastName = 'Bezahltmann', email = 'hanna.p@example.org'): Promise<Cart> {
  const cart = await readyCart(shop.app, variantId, customer(lastName, email));
  await payWithPayPal(shop.app, cart);
  return cart;
}

const search = async (client: StaffClient, query: string) => {
  const answer = await client.get(`/api/admin/orders?${new URLSearchParams({ query })}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().orders as { id: number }[]).map((order) => order.id);
};

const totalOf = async (orderId: number) =>
  (await operator.get(`/api/admin/orders/${orderId}`)).json().totalCents as number;

describe('finding an order', () => {
  it('finds it by number, transfer reference, invoice number, voucher code, e-mail and name, in any case', async () => {
    const paid = await paidOrder('Zwetschgenbaum', 'Zora.Zwetschge@Example.org');
    const other = await paidOrder('Apfelbaum', 'anton@example.org');
    const detail = (await operator.get(`/api/admin/orders/${paid.orderId}`)).json();
    expect(detail.invoiceNumber).toMatch(/^DEMO-\d{4}-\d{6}$/);
    const [voucher] = detail.vouchers as { code: string }[];
    const reference = `DEMO-${String(paid.orderId).padStart(8, '0')}`;
    for (const query of [
      String(paid.orderId),
      reference,
      reference.toLowerCase().replace('-', ' '),
      detail.invoiceNumber,
      voucher!.code,
      voucher!.code.toLowerCase().replaceAll('-', ''),
      'zora.zwetschge@example.org',
      'ZORA.ZWETSCHGE@',
      'zwetschgen',
      'Hanna Zwetschgenbaum',
    ]) {
      const found = await search(support, query);
      expect(found, query).toContain(paid.orderId);
      expect(found, query).not.toContain(other.orderId);
    }
    expect(await search(support, 'Anna Zwetschgenbaum')).not.toContain(paid.orderId);
    // LIKE's wildcards are text like any other.
    expect(await search(support, '%')).toEqual([]);
    expect(await search(support, '_wetschgenbaum')).toEqual([]);
  });

  it('filters by brand, status, payment type and date, sorts by total, and pages', async () => {
    const transfer = await transferOrder();
    const byStatus = (
      await operator.get('/api/admin/orders?status=awaiting-payment&paymentType=wiretransfer')
    ).json();
    expect(byStatus.orders.map((order: { id: number }) => order.id)).toContain(transfer.orderId);
    expect(byStatus.orders.every((order: { status: string }) => order.status === 'awaiting-payment')).toBe(
      true,
    );
    // The filter's days are the operators' (Europe/Berlin): shortly before midnight UTC it is tomorrow there.
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
    const dated = (await operator.get(`/api/admin/orders?from=${today}&to=${today}&brand=demo`)).json();
    expect(dated.orders.map((order: { id: number }) => order.id)).toContain(transfer.orderId);
    const tomorrow = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
    expect((await operator.get(`/api/admin/orders?from=${tomorrow}`)).json().total).toBe(0);
    expect((await operator.get('/api/admin/orders?brand=autoclub')).json().total).toBe(0);

    const page = (await operator.get('/api/admin/orders?sort=total-desc&pageSize=2&page=1')).json();
    expect(page.orders).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.orders[0].totalCents).toBeGreaterThanOrEqual(page.orders[1].totalCents);
    const second = (await operator.get('/api/admin/orders?sort=total-desc&pageSize=2&page=2')).json();
    expect(second.orders[0].id).not.toBe(page.orders[0].id);
    // Carts are not listed unless asked for.
    expect(page.orders.every((order: { status: string }) => order.status !== 'cart')).toBe(true);

    for (const bad of ['page=0', 'pageSize=1000', 'status=lost', 'from=2026-13-45x', 'sort=name']) {
      const answer = await operator.get(`/api/admin/orders?${bad}`);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('shows a brand manager only the orders of their brands', async () => {
    const transfer = await transferOrder();
    const list = (await manager.get('/api/admin/orders')).json();
    expect(list.orders.map((order: { id: number }) => order.id)).not.toContain(transfer.orderId);
    expect(await search(manager, String(transfer.orderId))).toEqual([]);
    expect((await manager.get(`/api/admin/orders/${transfer.orderId}`)).statusCode).toBe(404);
    const brands = (await manager.get('/api/admin/brands')).json();
    expect(brands.map((brand: { short: string }) => brand.short)).toEqual(['autoclub']);
    expect((await operator.get('/api/admin/brands')).json().length).toBeGreaterThan(1);
  });

  it('shows the order with its items, customer, payments, vouchers, invoice, mails and documents on the brand’s host', async () => {
    const paid = await paidOrder();
    const detail = (await support.get(`/api/admin/orders/${paid.orderId}`)).json();
    expect(detail).toMatchObject({
      id: paid.orderId,
      status: 'paid',
      paymentType: 'paypal',
      brand: { short: 'demo' },
      transferReference: `DEMO-${String(paid.orderId).padStart(8, '0')}`,
      customer: { firstName: 'Hanna', lastName: 'Bezahltmann', email: 'hanna.p@example.org' },
    });
    expect(detail.items[0]).toMatchObject({ quantity: 1 });
    expect(detail.items[0].hotelName).toBeTruthy();
    expect(detail.payments[0]).toMatchObject({ provider: 'paypal', status: 'captured' });
    expect(detail.vouchers).toHaveLength(1);
    expect(detail.mails.map((mail: { kind: string }) => mail.kind)).toContain('payment-received');
    const invoice = detail.documents.find((document: { kind: string }) => document.kind === 'invoice');
    expect(invoice.url).toMatch(/^http:\/\/localhost:\d+\/api\/invoice\/download\//);
    const pdf = await shop.app.inject({ method: 'GET', url: new URL(invoice.url).pathname });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await support.get('/api/admin/orders/999999')).statusCode).toBe(404);
    // Staff and customer data: no browser or proxy may keep a copy.
    expect((await support.get(`/api/admin/orders/${paid.orderId}`)).headers['cache-control']).toContain(
      'no-store',
    );
    expect((await support.get('/api/admin/orders')).headers['cache-control']).toContain('no-store');
  });
});

describe('what staff do to an order', () => {
  it('marks a transfer paid once, even by two members at once: vouchers, invoice and mail follow, and the trail holds it', async () => {
    const transfer = await transferOrder();
    const total = await totalOf(transfer.orderId);
    const body = { amountCents: total, note: 'Überweisung ohne Verwendungszweck, Kontoauszug 11/2026' };
    const [first, second] = await Promise.all([
      operator.post(`/api/admin/orders/${transfer.orderId}/mark-paid`, body),
      support.post(`/api/admin/orders/${transfer.orderId}/mark-paid`, body),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().detail).toMatch(/already been paid|bereits bezahlt/);
    const detail = (first.statusCode === 200 ? first : second).json();
    expect(detail.status).toBe('paid');
    expect(detail.vouchers).toHaveLength(1);
    expect(detail.invoiceNumber).toBeTruthy();
    expect(detail.mails.filter((mail: { kind: string }) => mail.kind === 'payment-received')).toHaveLength(1);
    expect(detail.history).toHaveLength(1);
    expect(detail.history[0]).toMatchObject({
      action: 'order.mark-paid',
      before: { status: 'awaiting-payment' },
      after: { status: 'paid', amountCents: total },
      note: body.note,
      address: expect.any(String),
    });
    expect(['operator@example.org', 'support@example.org']).toContain(detail.history[0].staffEmail);
  });

  it('marks a transfer paid right after a brand’s configuration was saved (the config is read in the paying transaction)', async () => {
    // A save drops this process's copy of the configuration; the invoice then reads it inside the paying
    // transaction. On the embedded database a read beside that transaction waited for it forever.
    const transfer = await transferOrder('Gleichzeitig', 'hanna.g@example.org');
    const { config } = (await operator.get('/api/admin/brands/demo/config')).json();
    const saved = await operator.send('PUT', '/api/admin/brands/demo/config', {
      config,
      note: 'unverändert',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const paid = await operator.post(`/api/admin/orders/${transfer.orderId}/mark-paid`, {
      amountCents: await totalOf(transfer.orderId),
      note: 'Überweisung eingegangen',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().invoiceNumber).toBeTruthy();
  });

  it('refuses a wrong amount, an order that is not an open transfer, and a support member over their limit, in their language', async () => {
    const transfer = await transferOrder();
    const total = await totalOf(transfer.orderId);
    const wrong = await support.post(`/api/admin/orders/${transfer.orderId}/mark-paid`, {
      amountCents: total - 1,
      note: 'Teilzahlung',
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().detail).toMatch(/^Der Betrag muss dem Bestellwert entsprechen \(€ /);
    await shop.database.db.execute(
      sql`UPDATE staff SET mark_paid_limit_cents = ${total - 1} WHERE email = 'support@example.org'`,
    );
    const over = await support.post(`/api/admin/orders/${transfer.orderId}/mark-paid`, {
      amountCents: total,
      note: 'Zahlung eingegangen',
    });
    expect(over.statusCode).toBe(403);
    expect(over.json().detail).toMatch(/^Sie dürfen Überweisungen bis € .* als bezahlt markieren\.$/);
    await shop.database.db.execute(
      sql`UPDATE staff SET mark_paid_limit_cents = 100000 WHERE email = 'support@example.org'`,
    );
    const paypal = await paidOrder();
    const notTransfer = await operator.post(`/api/admin/orders/${paypal.orderId}/mark-paid`, {
      amountCents: await totalOf(paypal.orderId),
      note: 'x',
    });
    expect(notTransfer.statusCode).toBe(409);
    const empty = await operator.post(`/api/admin/orders/${transfer.orderId}/mark-paid`, {
      amountCents: total,
    });
    expect(empty.statusCode).toBe(400);
    // Nothing of it changed the order, and nothing entered the trail.
    const detail = (await operator.get(`/api/admin/orders/${transfer.orderId}`)).json();
    expect(detail.status).toBe('awaiting-payment');
    expect(detail.history).toEqual([]);
  });

  it('cancels an unpaid order: its units are back in stock, and a paid one cannot be cancelled', async () => {
    const stockOf = async () =>
      (
        await queryRows<{ stock: number }>(
          shop.database.db,
          sql`SELECT stock FROM variants WHERE id = ${variantId}`,
        )
      )[0]?.stock;
    const transfer = await transferOrder();
    const held = await stockOf();
    const cancelled = await support.post(`/api/admin/orders/${transfer.orderId}/cancel`, {
      note: 'Kundin hat telefonisch storniert',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(await stockOf()).toBe((held as number) + 1);
    expect(cancelled.json().history[0]).toMatchObject({
      action: 'order.cancel',
      after: { status: 'cancelled' },
    });
    const again = await support.post(`/api/admin/orders/${transfer.orderId}/cancel`, { note: 'nochmal' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Nur eine unbezahlte Bestellung kann storniert werden.');
    const paid = await paidOrder();
    expect((await support.post(`/api/admin/orders/${paid.orderId}/cancel`, { note: 'x' })).statusCode).toBe(
      409,
    );
  });

  it('sends a mail again as a new outbox entry, and only the order’s own mails', async () => {
    const paid = await paidOrder();
    const before = (await support.get(`/api/admin/orders/${paid.orderId}`)).json();
    const mail = before.mails.find((candidate: { kind: string }) => candidate.kind === 'payment-received');
    const resent = await support.post(`/api/admin/orders/${paid.orderId}/resend-mail`, { mailId: mail.id });
    expect(resent.statusCode).toBe(200);
    const kinds = resent.json().mails.map((candidate: { kind: string }) => candidate.kind);
    expect(kinds.filter((kind: string) => kind === 'payment-received')).toHaveLength(2);
    expect(resent.json().history.at(-1)).toMatchObject({
      action: 'order.resend-mail',
      after: { kind: 'payment-received' },
    });
    const jobs = await queryRows<{ count: string }>(
      shop.database.db,
      sql`SELECT count(*) FROM mails WHERE order_id = ${paid.orderId} AND kind = 'payment-received' AND status = 'queued'`,
    );
    expect(Number(jobs[0]?.count)).toBeGreaterThanOrEqual(1);
    const other = await paidOrder();
    const foreignMail = (await support.get(`/api/admin/orders/${other.orderId}`)).json().mails[0];
    const refused = await support.post(`/api/admin/orders/${paid.orderId}/resend-mail`, {
      mailId: foreignMail.id,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('extends a transfer’s hold by whole days', async () => {
    const transfer = await transferOrder();
    const before = (await operator.get(`/api/admin/orders/${transfer.orderId}`)).json();
    const extended = await operator.post(`/api/admin/orders/${transfer.orderId}/extend-hold`, {
      days: 3,
      note: 'Überweisung ist unterwegs',
    });
    expect(extended.statusCode).toBe(200);
    const moved = new Date(extended.json().holdUntil).getTime() - new Date(before.holdUntil).getTime();
    expect(moved).toBe(3 * 24 * 3_600_000);
  });

  it('keeps the audit trail append-only', async () => {
    const transfer = await transferOrder();
    await support.post(`/api/admin/orders/${transfer.orderId}/cancel`, { note: 'für den Test' });
    await expect(shop.database.db.execute(sql`UPDATE audit_events SET note = 'rewritten'`)).rejects.toThrow();
    await expect(shop.database.db.execute(sql`DELETE FROM audit_events`)).rejects.toThrow();
    const trail = (await operator.get('/api/admin/audit')).json();
    expect(trail.total).toBeGreaterThan(0);
    expect(trail.entries.some((entry: { note: string | null }) => entry.note === 'rewritten')).toBe(false);
    const forManager = (await manager.get('/api/admin/audit')).json();
    expect(forManager.total).toBe(0);
    const bySupport = (
      await operator.get('/api/admin/audit?staff=Support@Example.org&action=order.cancel')
    ).json();
    expect(bySupport.total).toBeGreaterThan(0);
    expect(
      bySupport.entries.every((entry: { staffEmail: string }) => entry.staffEmail === 'support@example.org'),
    ).toBe(true);
    const tomorrow = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
    expect((await operator.get(`/api/admin/audit?from=${tomorrow}`)).json().total).toBe(0);
  });
});
