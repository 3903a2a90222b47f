import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';

type WishRow = {
  brand: string;
  locale: string;
  email: string;
  kind: string;
  text: string;
  created_at: unknown;
};

let clients = 0;
/** Each call from its own client, except where the limit is the point. */
const client = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++clients / 250)}.${clients % 250}` });

describe('POST /api/wish', () => {
  let shop: TestApp;
  const wish = (payload: object, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'POST', url: '/api/wish', headers: { ...client(), ...headers }, payload });
  const stored = () =>
    queryRows<WishRow>(
      shop.database.db,
      sql`SELECT b.short AS brand, w.locale, w.email, w.kind, w.text, w.created_at
          FROM wishes w JOIN brands b ON b.id = w.brand_id ORDER BY w.id`,
    );

  beforeAll(async () => {
    shop = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => shop.close());

  it('stores the wish with brand, language and time', async () => {
    const answer = await wish(
      { email: ' giulia@example.it ', kind: 'region', text: '  Più hotel sulle Dolomiti, per favore!  ' },
      { host: 'viaggi.localhost', 'accept-language': 'it' },
    );
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toEqual({ success: true });
    const rows = await stored();
    expect(rows).toEqual([
      {
        brand: 'viaggi',
        locale: 'it',
        email: 'giulia@example.it',
        kind: 'region',
        text: 'Più hotel sulle Dolomiti, per favore!',
        created_at: expect.anything(),
      },
    ]);
  });

  it.each([
    [
      'de',
      { email: 'anna@example.test', kind: 'hotel', text: '' },
      { text: 'Ihr Wunsch ist ein Pflichtfeld.' },
    ],
    [
      'en',
      { email: 'anna@example.test', kind: 'castle', text: 'A castle hotel' },
      { kind: 'Type of wish must be one of the values offered.' },
    ],
    [
      'it',
      { email: 'non-un-indirizzo', text: 'x'.repeat(1001) },
      {
        email: 'Il campo Indirizzo e-mail deve essere un indirizzo e-mail valido.',
        kind: 'Il campo Tipo di desiderio è obbligatorio.',
        text: 'Il campo Il Suo desiderio può contenere al massimo 1000 caratteri.',
      },
    ],
  ] as const)(
    'refuses bad input in %s with a message per field, storing nothing',
    async (locale, payload, messages) => {
      const before = (await stored()).length;
      const answer = await wish(payload, { 'accept-language': locale });
      expect(answer.statusCode).toBe(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      const body = answer.json() as { type: string; errors: { field: string; message: string }[] };
      expect(body.type).toBe('validation-error');
      expect(Object.fromEntries(body.errors.map((error) => [error.field, error.message]))).toEqual(messages);
      expect(await stored()).toHaveLength(before);
    },
  );

  it('refuses a wish sent from another site', async () => {
    const answer = await wish(
      { email: 'anna@example.test', kind: 'theme', text: 'Wellness' },
      { origin: 'https://evil.example' },
    );
    expect(answer.statusCode).toBe(403);
  });

  it('limits a client to a few wishes an hour', async () => {
    const one = { 'x-forwarded-for': '10.99.0.1' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await wish({ email: 'a@example.test', kind: 'theme', text: `Wunsch ${i}` }, one)).statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});
