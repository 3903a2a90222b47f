import { type SearchRequest, searchResponseSchema } from '@shop/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { isOnSale } from '#src/modules/offers/offers.repository.ts';
import { createTestApp, getJson, postJson, type TestApp } from '#src/test/app.ts';
import { matchWords } from './search.repository.ts';
import { buildTsQuery } from './search-query.ts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop?.close());

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(shop.database.db, query);

async function search(request: SearchRequest, headers: Record<string, string> = {}) {
  const { status, body } = await postJson(shop.app, '/api/offer/search', request, headers);
  expect(status, JSON.stringify(body)).toBe(200);
  return searchResponseSchema.parse(body);
}

/** Ids of shared offers whose hotel matches a SQL condition. */
async function offerIdsWhere(condition: ReturnType<typeof sql>) {
  const found = await rows<{ id: number }>(sql`
    SELECT o.id FROM offers o JOIN hotels h ON h.id = o.hotel_id WHERE o.brand_id IS NULL AND ${condition}`);
  return new Set(found.map((row) => row.id));
}

describe('free-text search', () => {
  it('finds "Südtirol" when typed without the umlaut', async () => {
    const inSouthTyrol = await offerIdsWhere(sql`h.region->>'de' = 'Südtirol'`);
    expect(inSouthTyrol.size).toBeGreaterThan(0);
    const result = await search({ query: 'Sudtirol', pageSize: 48 });
    expect(result.total).toBeGreaterThanOrEqual(inSouthTyrol.size);
    expect(inSouthTyrol.has(result.items[0]!.id)).toBe(true);
  });

  it('finds "Gardasee" despite typos', async () => {
    const atLakeGarda = await offerIdsWhere(
      sql`(h.region->>'de' = 'Gardasee' OR h.city->>'de' ILIKE '%garda%')`,
    );
    expect(atLakeGarda.size).toBeGreaterThan(0);
    for (const typo of ['Gardase', 'Gardsee', 'gardasse']) {
      const result = await search({ query: typo });
      expect(result.total, typo).toBeGreaterThan(0);
      expect(atLakeGarda.has(result.items[0]!.id), typo).toBe(true);
    }
    const corrected = await search({ query: 'Gardsee' });
    expect(corrected.corrections.gardsee).toContain('gardasee');
  });

  it('stems words in the caller language', async () => {
    // "Nacht" finds titles with "Nächte" through the German stemmer and unaccent.
    const nights = await search({ query: 'Nacht' });
    expect(nights.total).toBeGreaterThan(0);
    expect(nights.items[0]!.display).toMatch(/Nächte|Nacht/);
    const english = await search({ query: 'night' }, { 'accept-language': 'en' });
    expect(english.total).toBeGreaterThan(0);
    expect(english.items[0]!.display.toLowerCase()).toContain('night');
  });

  it('finds nothing for words the catalogue does not have, without an error', async () => {
    const result = await search({ query: 'xylophonquartett' });
    expect(result).toMatchObject({ total: 0, items: [] });
    expect(result.facets?.countries).toEqual([]);
  });

  it('treats query syntax as plain text', async () => {
    for (const query of ["':* & | ! ( ) <->", '\\', '%', "'; DROP TABLE offers; --", '   ']) {
      const result = await search({ query });
      expect(result.total).toBeGreaterThanOrEqual(0);
    }
    const [count] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM offers`);
    expect(count!.n).toBeGreaterThan(0);
  });
});

describe('search in the visitor language', () => {
  /** Ids of the shared offers on sale in a town, by its German name (gone offers are not searched). */
  const offersIn = (germanCity: string) =>
    offerIdsWhere(sql`h.city->>'de' = ${germanCity} AND ${isOnSale('o')}`);

  it('lists Rome first for "Roma" in Italian, "Rome" in English and "Rom" in German', async () => {
    const rome = await offersIn('Rom');
    expect(rome.size).toBeGreaterThan(0);
    for (const [query, locale, city] of [
      ['Roma', 'it', 'Roma'],
      ['Rome', 'en', 'Rome'],
      ['Rom', 'de', 'Rom'],
    ] as const) {
      const result = await search({ query, pageSize: 48 }, { 'accept-language': locale });
      const first = result.items.slice(0, rome.size);
      expect(
        first.map((offer) => rome.has(offer.id)),
        `${query}: ${first.map((offer) => offer.display).join(' | ')}`,
      ).toEqual(first.map(() => true));
      expect(first.every((offer) => offer.contact.city === city)).toBe(true);
    }
  });

  it('ranks a whole word before words that only start with it ("roma" before "romantico")', async () => {
    const rome = await offersIn('Rom');
    const result = await search({ query: 'roma', pageSize: 48 }, { 'accept-language': 'it' });
    const positions = result.items.map((offer) => rome.has(offer.id));
    const lastRome = positions.lastIndexOf(true);
    expect(positions.slice(0, lastRome + 1).every(Boolean)).toBe(true);
    // The romantic offers still come, after Rome: a prefix keeps search-as-you-type working.
    expect(result.items.slice(lastRome + 1).some((offer) => /romantic/i.test(offer.display))).toBe(true);
  });

  it("finds a town by each language's name of it", async () => {
    const [town] = await rows<{ de: string; en: string; it: string }>(sql`
      SELECT h.city->>'de' AS de, h.city->>'en' AS en, h.city->>'it' AS it FROM hotels h
      JOIN offers o ON o.hotel_id = h.id AND o.brand_id IS NULL
      WHERE h.city->>'de' <> h.city->>'it' AND h.city->>'de' NOT IN ('Rom', 'Wien')
      GROUP BY 1, 2, 3 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const inTown = await offersIn(town!.de);
    for (const locale of ['de', 'en', 'it'] as const) {
      const result = await search({ query: town![locale], pageSize: 48 }, { 'accept-language': locale });
      expect(inTown.has(result.items[0]!.id), `${town![locale]} (${locale})`).toBe(true);
      expect(result.items[0]!.contact.city).toBe(town![locale]);
    }
  });
});

describe('refinements, sorting and paging', () => {
  it('filters by country and still counts the other countries', async () => {
    const all = await search({});
    const result = await search({ countries: ['AT'], pageSize: 48 });
    expect(result.total).toBeGreaterThan(0);
    expect(result.items.every((item) => item.contact.country.iso === 'AT')).toBe(true);
    const austria = all.facets!.countries.find((country) => country.iso === 'AT');
    expect(result.total).toBe(austria!.count);
    expect(result.facets!.countries.length).toBe(all.facets!.countries.length);
    const sum = all.facets!.countries.reduce((total, country) => total + country.count, 0);
    expect(sum).toBe(all.total);
  });

  it('filters by theme, nights, persons and price', async () => {
    const all = await search({});
    const theme = all.facets!.themes[0]!;
    const byTheme = await search({ themes: [theme.id], pageSize: 48 });
    expect(byTheme.total).toBe(theme.count);
    const themed = await rows<{ offer_id: number }>(
      sql`SELECT offer_id FROM offer_themes WHERE theme_id = ${theme.id}`,
    );
    const themedIds = new Set(themed.map((row) => row.offer_id));
    expect(byTheme.items.every((item) => themedIds.has(item.id))).toBe(true);

    const week = await search({ nights: { min: 7, max: 7 }, persons: { min: 2, max: 2 }, pageSize: 48 });
    expect(week.total).toBeGreaterThan(0);
    for (const item of week.items) {
      const [match] = await rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM variants WHERE offer_id = ${item.id} AND nights = 7`,
      );
      expect(match!.n).toBeGreaterThan(0);
      expect(item.persons.min).toBeLessThanOrEqual(2);
      expect(item.persons.max).toBeGreaterThanOrEqual(2);
    }

    const cheap = await search({ price: { min: 10_000, max: 30_000 }, pageSize: 48 });
    expect(cheap.total).toBeGreaterThan(0);
    expect(cheap.items.every((item) => item.price.total >= 10_000 && item.price.total <= 30_000)).toBe(true);
  });

  it('sorts by price, discount and newest, with sold-out offers last', async () => {
    const check = async (
      sort: SearchRequest['sort'],
      key: (item: { price: { total: number; discountPercent: number } }) => number,
      direction: 1 | -1,
    ) => {
      const result = await search({ sort, pageSize: 48 });
      const values = result.items.map(key);
      expect(values, sort).toEqual([...values].sort((a, b) => direction * (a - b)));
    };
    await check('price-asc', (item) => item.price.total, 1);
    await check('price-desc', (item) => item.price.total, -1);
    await check('discount', (item) => item.price.discountPercent, -1);
    const all = await search({ pageSize: 48, page: 1, sort: 'price-asc' });
    const lastPage = Math.ceil(all.total / 48);
    const tail = await search({ pageSize: 48, page: lastPage, sort: 'price-asc' });
    expect(tail.items.at(-1)!.isSoldOut).toBe(true);
    const newest = await search({ sort: 'newest' });
    const dates = await rows<{ id: number; created_at: string }>(sql`
      SELECT id, created_at::text FROM offers WHERE id = ANY(${sql.param(newest.items.map((i) => i.id))}::int[])`);
    const order = newest.items
      .filter((item) => !item.isSoldOut)
      .map((item) => dates.find((d) => d.id === item.id)!.created_at);
    expect(order).toEqual([...order].sort().reverse());
  });

  it("shows each result's saving for the price it shows", async () => {
    const result = await search({ pageSize: 48, sort: 'discount' });
    for (const item of result.items) {
      const { total, original, discountPercent } = item.price;
      expect(discountPercent, String(item.id)).toBe(Math.round(100 - (100 * total) / original.total));
    }
  });

  it('pages without overlap and answers an empty page past the end', async () => {
    const first = await search({ page: 1, pageSize: 10, sort: 'price-asc' });
    const second = await search({ page: 2, pageSize: 10, sort: 'price-asc' });
    expect(second.total).toBe(first.total);
    const overlap = second.items.filter((item) => first.items.some((other) => other.id === item.id));
    expect(overlap).toEqual([]);
    const beyond = await search({ page: 999, pageSize: 10 });
    expect(beyond).toMatchObject({ items: [], total: first.total });
  });

  it('rejects out-of-range input with a validation problem naming each field', async () => {
    const { status, body } = await postJson(shop.app, '/api/offer/search', {
      pageSize: 49,
      page: 0,
      sort: 'cheapest',
      nights: { min: 5, max: 2 },
      countries: ['Austria'],
    });
    expect(status).toBe(400);
    expect(body.type).toBe('validation-error');
    const fields = body.detail.split(';').map((part: string) => part.split(':')[0]);
    expect(fields).toEqual(expect.arrayContaining(['pageSize', 'page', 'sort', 'nights', 'countries.0']));
    expect((await postJson(shop.app, '/api/offer/search', { page: 300, pageSize: 48 })).status).toBe(400);
    expect((await postJson(shop.app, '/api/offer/search', { unknown: 1 })).status).toBe(400);
  });

  it('rejects a body that is not JSON', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/offer/search',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().type).toBe('validation-error');
    const xml = await shop.app.inject({
      method: 'POST',
      url: '/api/offer/search',
      headers: { 'content-type': 'application/xml' },
      payload: '<query/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().type).toBe('unsupported-media-type');
  });
});

describe('suggestions and availability', () => {
  it('suggests countries, themes, hotels and offers for a prefix', async () => {
    const { status, body } = await getJson(shop.app, '/api/offer/suggest/ital');
    expect(status).toBe(200);
    expect(body.items).toContainEqual({ kind: 'country', label: 'Italien', key: 'IT' });
    expect(body.items.some((item: { kind: string }) => item.kind === 'offer')).toBe(true);
    const english = await getJson(shop.app, '/api/offer/suggest/ital', { 'accept-language': 'en' });
    expect(english.body.items).toContainEqual({ kind: 'country', label: 'Italy', key: 'IT' });
    expect((await getJson(shop.app, '/api/offer/suggest/%21%21')).body.items).toEqual([]);
  });

  it('lists available countries and themes with counts', async () => {
    const countries = await getJson(shop.app, '/api/offer/available-countries');
    expect(countries.body.length).toBeGreaterThanOrEqual(10);
    const themes = await getJson(shop.app, '/api/offer/available-themes', { 'accept-language': 'it' });
    expect(themes.body.length).toBeGreaterThanOrEqual(8);
    expect(themes.body.every((theme: { count: number }) => theme.count > 0)).toBe(true);
  });

  it('answers several offer groups at once', async () => {
    const { status, body } = await postJson(shop.app, '/api/offer/groups', {
      groups: [
        { key: 'austria', countries: ['AT'], limit: 4 },
        { key: 'cheap', sort: 'price-asc', limit: 3 },
      ],
    });
    expect(status).toBe(200);
    expect(body.groups.map((group: { key: string }) => group.key)).toEqual(['austria', 'cheap']);
    expect(body.groups[0].items).toHaveLength(4);
    expect(
      body.groups[0].items.every(
        (item: { contact: { country: { iso: string } } }) => item.contact.country.iso === 'AT',
      ),
    ).toBe(true);
    expect((await postJson(shop.app, '/api/offer/groups', { groups: [] })).status).toBe(400);
  });
});

describe('search plans', () => {
  it('corrects typos and matches text through indexes, not sequential scans', async () => {
    const tsQuery = buildTsQuery(await matchWords(shop.database.db, ['gardase']));
    let typoPlan = '';
    let textPlan = '';
    await shop.database.db
      .transaction(async (transaction) => {
        // A vocabulary of realistic size, so the planner chooses as it would in production.
        await transaction.execute(sql`INSERT INTO search_words
          SELECT 'w' || substr(md5(i::text), 1, 3 + i % 9), 1 FROM generate_series(1, 30000) i
          ON CONFLICT DO NOTHING`);
        await transaction.execute(sql`ANALYZE search_words`);
        // The demo catalogue is small enough to scan; forbidding scans shows an index serves the match.
        await transaction.execute(sql`SET LOCAL enable_seqscan = off`);
        const explain = async (query: ReturnType<typeof sql>) =>
          (await queryRows<{ 'QUERY PLAN': string }>(transaction as never, sql`EXPLAIN ${query}`))
            .map((line) => line['QUERY PLAN'])
            .join('\n');
        typoPlan = await explain(sql`SELECT ARRAY(SELECT w.word FROM search_words w WHERE w.word % q.word
          ORDER BY w.word <-> q.word LIMIT 3) FROM unnest(ARRAY['gardase']) AS q(word)`);
        textPlan = await explain(
          sql`SELECT offer_id FROM offer_search WHERE document_de @@ to_tsquery('shop_de', ${tsQuery})`,
        );
        transaction.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(typoPlan).toMatch(/Index Scan using search_words_trgm_idx[\s\S]*Order By: \(word <-> q\.word\)/);
    expect(typoPlan).not.toContain('Seq Scan');
    expect(textPlan).toMatch(
      /Bitmap Index Scan on offer_search_document_de_idx.*\n\s+Index Cond: \(document_de @@/,
    );
    expect(textPlan).not.toContain('Seq Scan');
  });
});
