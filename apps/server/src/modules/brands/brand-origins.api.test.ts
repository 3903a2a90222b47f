import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { payWithPayPal, readyCart, variantsInStock } from '#src/test/orders.ts';
import { decodedMail, type ReceivedMail, startSmtpServer } from '#src/test/smtp.ts';

/**
 * A shop whose PUBLIC_URL is an IP address (issue 23): the other brands lived on `autoclub.127.0.0.1`,
 * which is no URL, so their pages failed and their mails failed for ever. On a loopback address they
 * live on `<short>.localhost` (decision 013).
 */
describe('brand addresses under PUBLIC_URL=http://127.0.0.1:4101', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let received: ReceivedMail[];
  let shop: TestApp;
  const autoclubHost = 'autoclub.localhost:4101';
  const onAutoclub = (app: FastifyInstance) =>
    ({
      inject: (options: { headers?: Record<string, string> }) =>
        app.inject({ ...options, headers: { ...options.headers, host: autoclubHost } }),
    }) as unknown as FastifyInstance;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    received = smtp.received;
    shop = await createTestApp({
      env: { PUBLIC_URL: 'http://127.0.0.1:4101', JOBS_IN_SERVER: 'true', SMTP_URL: smtp.url },
    });
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.stop();
  });

  it("names each brand's own address in its sitemap link: the default brand's IP, the others' <short>.localhost", async () => {
    const sitemapOf = async (host: string) => {
      const robots = await shop.app.inject({ method: 'GET', url: '/robots.txt', headers: { host } });
      return /^Sitemap: (.*)$/m.exec(robots.body)?.[1] ?? '';
    };
    expect(await sitemapOf('127.0.0.1:4101')).toBe('http://127.0.0.1:4101/sitemap.xml');
    for (const brand of ['autoclub', 'familyclub', 'viaggi']) {
      const sitemap = await sitemapOf(`${brand}.localhost:4101`);
      expect(sitemap).toBe(`http://${brand}.localhost:4101/sitemap.xml`);
      expect(URL.canParse(sitemap)).toBe(true);
    }
  });

  it("sends another brand's buyer back to that brand's address, and its payment mail arrives", async () => {
    const autoclub = onAutoclub(shop.app);
    const [variantId] = (await variantsInStock(shop.database.db)) as [number];
    const cart = await readyCart(autoclub, variantId);
    await payWithPayPal(autoclub, cart);
    const orderLink = `http://${autoclubHost}/view/${cart.orderId}/${cart.key}`;
    const deadline = Date.now() + 30_000;
    const mine = () => received.find((mail) => decodedMail(mail.raw).includes(orderLink));
    while (!mine() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const mail = decodedMail(mine()?.raw ?? '');
    expect(mail).toContain(orderLink);
    expect(mail).toMatch(/^Message-ID: <mail-\d+\.order-\d+@autoclub\.localhost>/im);
  });
});
