import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cart, httpShop, payWithPayPal, readyCart } from '#src/test/orders.ts';
import { createProcessGroup, type ServerProcess } from '#src/test/server-processes.ts';
import { startSmtpServer } from '#src/test/smtp.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

/** DESIGN.md: the guarantees hold with two server processes on one PostgreSQL database. */
describe.skipIf(!databaseUrl)('fulfilment with two server processes on PostgreSQL', () => {
  const group = createProcessGroup(databaseUrl);
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let servers: ServerProcess[];
  let variantId: number;
  const shopOn = (server: ServerProcess) => httpShop(`http://127.0.0.1:${server.port}`);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    servers = [await group.start({ SMTP_URL: smtp.url }), await group.start({ SMTP_URL: smtp.url })];
    await group.waitUntilReady(servers);
    const client = await group.sqlClient();
    const { rows } = await client.query(
      `SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id
       WHERE o.is_active AND o.brand_id IS NULL ORDER BY v.id LIMIT 1`,
    );
    await client.query('UPDATE variants SET stock = 1000 WHERE id = $1', [rows[0].id]);
    await client.end();
    variantId = rows[0].id;
  }, 180_000);

  afterAll(async () => {
    await group.stopAll();
    await smtp.stop();
  });

  it('50 orders paid at once on both processes get 50 unique, consecutive invoice numbers', async () => {
    const carts = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        readyCart(shopOn(servers[index % 2] as ServerProcess), variantId),
      ),
    );
    await Promise.all(
      carts.map((cart, index) => payWithPayPal(shopOn(servers[index % 2] as ServerProcess), cart)),
    );
    const numbers = await Promise.all(
      carts.map(async (cart) => {
        const order = (
          await shopOn(servers[0] as ServerProcess).inject({
            method: 'GET',
            url: `/api/order/${cart.orderId}/${cart.key}`,
          })
        ).json();
        expect(order.status).toBe('paid');
        return Number((order.invoiceNumber as string).split('-').at(-1));
      }),
    );
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(sorted.at(-1)! - sorted[0]!).toBe(49);
  }, 180_000);

  it('50 prints of one voucher at once on both processes lock it once; downloads change nothing', async () => {
    const cart: Cart = await readyCart(shopOn(servers[0] as ServerProcess), variantId);
    await payWithPayPal(shopOn(servers[0] as ServerProcess), cart);
    const order = (
      await shopOn(servers[1] as ServerProcess).inject({
        method: 'GET',
        url: `/api/order/${cart.orderId}/${cart.key}`,
      })
    ).json();
    const voucherId = order.vouchers[0].id as number;
    const voucherUrl = `/api/voucher/${cart.orderId}/${cart.key}/${voucherId}`;
    const named = await shopOn(servers[0] as ServerProcess).inject({
      method: 'PUT',
      url: voucherUrl,
      payload: { customer: { firstName: 'Anna', lastName: 'Huber' } },
    });
    expect(named.statusCode).toBe(200);
    const print = (server: ServerProcess) =>
      fetch(`http://127.0.0.1:${server.port}/api/voucher/print/${cart.orderId}/${cart.key}/${voucherId}`, {
        method: 'POST',
      });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => print(servers[index % 2] as ServerProcess)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const times = new Set(
      await Promise.all(
        answers.map(async (answer) => ((await answer.json()) as { printedAt: string }).printedAt),
      ),
    );
    expect(times.size).toBe(1);
    const locked = (
      await shopOn(servers[0] as ServerProcess).inject({ method: 'GET', url: voucherUrl })
    ).json();
    expect(locked.isLocked).toBe(true);
    expect(times.has(locked.printedAt)).toBe(true);
    const downloads = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        fetch(
          `http://127.0.0.1:${(servers[index % 2] as ServerProcess).port}/api/voucher/download/${cart.orderId}/${cart.key}/${voucherId}.pdf`,
        ),
      ),
    );
    expect(downloads.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    const later = (
      await shopOn(servers[1] as ServerProcess).inject({ method: 'GET', url: voucherUrl })
    ).json();
    expect(later.printedAt).toBe(locked.printedAt);
  }, 120_000);

  it('a payment committed by a process killed right after it sends its mail exactly once, by another process', async () => {
    // A process that only enqueues: its job can only be sent by someone else, after it is gone.
    const enqueuer = await group.start({ SMTP_URL: smtp.url, JOBS_IN_SERVER: 'false' });
    await group.waitUntilReady([enqueuer]);
    const cart = await readyCart(shopOn(enqueuer), variantId);
    await payWithPayPal(shopOn(enqueuer), cart);
    enqueuer.child.kill('SIGKILL');
    const mine = () => smtp.received.filter((mail) => new RegExp(`order-${cart.orderId}@`).test(mail.raw));
    const deadline = Date.now() + 60_000;
    while (mine().length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(mine()).toHaveLength(1);
  }, 120_000);
});
