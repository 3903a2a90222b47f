import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { consentAttemptLimit } from './consent.routes.ts';

type Row = {
  brand_short: string;
  visitor_id: string;
  choice: string;
  banner_version: string;
  text_hash: string | null;
  services: string[];
  locale: string;
  recorded_at: Date | string;
};

const visitor = '3f1c2a5e-8b7d-4c1e-9f2a-1b2c3d4e5f60';
const answer = {
  visitorId: visitor,
  choice: 'all',
  banner: { version: 'v1', textHash: 'a'.repeat(64), services: ['Google Analytics', 'AWIN'] },
  language: 'de',
};

describe('POST /api/consent', () => {
  let shop: TestApp;
  let clients = 0;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(async () => {
    await shop?.close();
  });

  // Each call from a client of its own, so that the limit is tested on its own.
  const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/consent',
      payload: payload as object,
      headers: { 'accept-language': 'de', ...headers },
      remoteAddress: remoteAddress ?? `10.7.0.${++clients}`,
    });

  const records = () =>
    queryRows<Row>(
      shop.database.db,
      sql`SELECT b.short AS brand_short, r.visitor_id, r.choice, r.banner_version, r.text_hash, r.services,
                 r.locale, r.recorded_at
            FROM consent_records r JOIN brands b ON b.id = r.brand_id ORDER BY r.id`,
    );

  it('stores each answer with its brand (from the host), what was shown, the language and the time', async () => {
    const before = Date.now();
    const accepted = await post(answer, { host: 'familyclub.localhost' });
    expect(accepted.statusCode, accepted.body).toBe(204);
    const declined = await post({ ...answer, choice: 'necessary', language: 'en' });
    expect(declined.statusCode, declined.body).toBe(204);

    const rows = await records();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      brand_short: 'familyclub',
      visitor_id: visitor,
      choice: 'all',
      banner_version: 'v1',
      text_hash: 'a'.repeat(64),
      services: ['Google Analytics', 'AWIN'],
      locale: 'de',
    });
    expect(rows[1]).toMatchObject({ brand_short: 'demo', choice: 'necessary', locale: 'en' });
    expect(new Date(rows[0]!.recorded_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps no IP address or anything else about the person: only the listed columns exist', async () => {
    const columns = await queryRows<{ column_name: string }>(
      shop.database.db,
      sql`SELECT column_name FROM information_schema.columns
           WHERE table_name = 'consent_records' AND table_schema = current_schema() ORDER BY column_name`,
    );
    expect(columns.map((column) => column.column_name)).toEqual([
      'banner_version',
      'brand_id',
      'choice',
      'id',
      'locale',
      'recorded_at',
      'services',
      'text_hash',
      'visitor_id',
    ]);
  });

  const invalid: [string, unknown][] = [
    ['an unknown choice', { ...answer, choice: 'some' }],
    ['a visitor id that is no UUID', { ...answer, visitorId: '42' }],
    ['no banner', { ...answer, banner: undefined }],
    ['a hash that is no SHA-256', { ...answer, banner: { ...answer.banner, textHash: 'abc' } }],
    ['a banner version with spaces', { ...answer, banner: { ...answer.banner, version: 'v 1' } }],
    ['too many services', { ...answer, banner: { ...answer.banner, services: Array(21).fill('X') } }],
    ['a language the shop does not speak', { ...answer, language: 'fr' }],
    ['a control character', { ...answer, banner: { ...answer.banner, services: ['GA\u0000'] } }],
    ['no body', undefined],
  ];
  for (const [what, payload] of invalid) {
    it(`answers ${what} with 400 problem+json and stores nothing`, async () => {
      const before = (await records()).length;
      const response = await post(payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 400 });
      expect(await records()).toHaveLength(before);
    });
  }

  it('refuses another site (403) and stores nothing', async () => {
    const before = (await records()).length;
    const response = await post(answer, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    expect(await records()).toHaveLength(before);
  });

  it('limits answers per client (429 with Retry-After), and stores nothing beyond the limit', async () => {
    const client = '10.8.0.1';
    for (let index = 0; index < consentAttemptLimit.perClient.max; index++) {
      expect((await post(answer, {}, client)).statusCode).toBe(204);
    }
    const before = (await records()).length;
    const refused = await post(answer, {}, client);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await records()).toHaveLength(before);
    // Another client is not affected.
    expect((await post(answer)).statusCode).toBe(204);
  });
});
