import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createProcessGroup, type ServerProcess } from '#src/test/server-processes.ts';

/**
 * Back-office changes with two server processes on one PostgreSQL, as production runs them (catalogue
 * answers and pages cached for 10 s): what one process took is what the other serves within 5 s (its
 * change watch), and a picture uploaded on one is served by the other.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const group = createProcessGroup(databaseUrl);
let servers: ServerProcess[] = [];
const onAutoclub = { host: 'autoclub.localhost', 'accept-language': 'de' };

beforeAll(async () => {
  if (!databaseUrl) return;
  const env = { STAFF_OPERATOR_TOTP: 'false', TRUST_PROXY: 'true' };
  servers = [await group.start(env), await group.start(env)];
  await group.waitUntilReady(servers);
}, 120_000);
afterAll(() => group.stopAll());

async function signIn(port: number, email: string, password: string) {
  const answer = await call(
    port,
    'POST',
    '/api/admin/auth/login',
    { email, password },
    { 'x-forwarded-for': '10.77.0.1' },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const cookie = String([answer.headers['set-cookie']].flat()[0]).split(';')[0]!;
  return { cookie, 'x-csrf-token': answer.body.csrfToken as string };
}

/** Milliseconds until `isDone` holds for the other process's answer (at most 10 s, the caches' TTL). */
// biome-ignore lint/suspicious/noExplicitAny: the shop's offer answer, read by the test's own check.
async function msUntil(port: number, url: string, isDone: (body: any) => boolean): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    const answer = await call(port, 'GET', url, undefined, onAutoclub);
    if (answer.status === 200 && isDone(answer.body)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Number.POSITIVE_INFINITY;
}

describe.skipIf(!databaseUrl)('catalogue changes on two processes', () => {
  it('a brand manager’s price change on one process is served by the other within 5 s', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const manager = await signIn(a.port, 'manager.autoclub@example.org', 'demo-manager-2026');
    const list = await call(
      a.port,
      'GET',
      '/api/admin/offers?brand=autoclub&state=active',
      undefined,
      manager,
    );
    const offerId = list.body.offers[0].id as number;
    const offer = (await call(a.port, 'GET', `/api/admin/offers/${offerId}`, undefined, manager)).body;
    const variant = offer.variants[0];
    // Both processes have the offer in their caches before the change.
    for (const server of [a, b])
      await call(server.port, 'GET', `/api/offer?id=${offerId}`, undefined, onAutoclub);
    const shopPage = (await call(b.port, 'GET', offer.shopPath, undefined, onAutoclub)).body as string;
    expect(shopPage).toContain(offer.title.de);

    for (const [round, price] of [17_700, 18_800, 19_900].entries()) {
      const changed = await call(
        a.port,
        'PATCH',
        `/api/admin/variants/${variant.id}`,
        { priceCents: price },
        manager,
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      const shows = (body: { variants: { id: number; price: { total: number } }[] }) =>
        body.variants.some((candidate) => candidate.id === variant.id && candidate.price.total === price);
      const elapsed = await msUntil(b.port, `/api/offer?id=${offerId}`, shows);
      expect(elapsed, `round ${round}`).toBeLessThan(5_000);
    }
  });

  it('a picture uploaded on one process is served by the other', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const operator = await signIn(a.port, 'operator@example.org', 'demo-operator-2026');
    const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const upload = await fetch(`http://127.0.0.1:${a.port}/api/admin/pictures`, {
      method: 'POST',
      headers: { ...operator, 'content-type': 'image/png' },
      body: image,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const { seed } = (await upload.json()) as { seed: string };
    const served = await fetch(`http://127.0.0.1:${b.port}/media/${seed}/640.webp`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640);
  });
});
