import type { ParsedSearchRequest } from '@shop/contracts/catalogue';
import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '#src/db/client.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { type FacetRows, matchWords, searchFacets, searchOfferIds } from '../search.repository.ts';
import { rebuildSearchIndex, refreshVariantColumns } from '../search-index.repository.ts';
import { buildTsQuery, queryWords } from '../search-query.ts';
import { createSearchEngine, type EngineQuery, type SearchEngine } from './search-engine.ts';
import { stemTextQuery } from './text-query.repository.ts';

let database: DatabaseHandle;
let engine: SearchEngine;
const messages: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ withDemoCatalogue: true });
  engine = createSearchEngine(database.db, {
    refreshIntervalMs: 0,
    log: (message) => messages.push(message),
  });
});
afterAll(async () => {
  engine?.close();
  await database?.close();
});

type Request = Omit<ParsedSearchRequest, 'query'> & { words?: string; brandId?: number; locale?: Locale };

const sorted = (facets: FacetRows | null) =>
  facets && {
    ...facets,
    countries: [...facets.countries].sort((a, b) => a.key.localeCompare(b.key)),
    themes: [...facets.themes].sort((a, b) => a.key - b.key),
    nights: [...facets.nights].sort((a, b) => a.key - b.key),
    persons: [...facets.persons].sort((a, b) => a.key - b.key),
  };

/** The same request through today's SQL search and through the engine. */
async function bothWays(request: Request) {
  const { words, brandId = 1, locale = 'de', ...parsed } = request;
  const { db } = database;
  const matches = await matchWords(db, queryWords(words));
  const tsQuery = matches.length > 0 ? buildTsQuery(matches) : null;
  const scope = { brandId, locale, tsQuery };
  const [page, facets] = await Promise.all([
    searchOfferIds(db, parsed, scope),
    parsed.facets ? searchFacets(db, parsed, scope) : null,
  ]);
  const text = tsQuery === null ? null : await stemTextQuery(db, locale, tsQuery);
  if (tsQuery !== null) expect(text, `${tsQuery} is a query the engine evaluates`).not.toBeNull();
  const query: EngineQuery = { ...parsed, brandId, locale, text };
  const result = await engine.search(query);
  return {
    sql: { ids: page.ids, total: page.total, facets: sorted(facets) },
    engine: { ...result, facets: sorted(result.facets) },
  };
}

const base = { sort: 'relevance', page: 1, pageSize: 24, facets: true } as const;

async function answersAsSql(request: Request) {
  const { sql: expected, engine: actual } = await bothWays(request);
  expect(actual).toEqual(expected);
  return actual;
}

describe('the search engine against the SQL search', () => {
  const requests: Request[] = [
    base,
    { ...base, sort: 'price-asc' },
    { ...base, sort: 'price-desc', pageSize: 48, page: 2 },
    { ...base, sort: 'discount', facets: false },
    { ...base, sort: 'newest', pageSize: 48 },
    { ...base, sort: 'price-asc', page: 12, pageSize: 48 },
    { ...base, page: 999, pageSize: 10 },
    { ...base, brandId: 2, sort: 'price-asc' },
    { ...base, brandId: 3, countries: ['AT'] },
    { ...base, countries: ['at', 'IT'], sort: 'newest' },
    { ...base, themes: [1, 4], sort: 'discount' },
    { ...base, nights: { min: 7, max: 7 }, persons: { min: 2, max: 2 }, pageSize: 48 },
    { ...base, nights: { min: 3 }, persons: { max: 2 }, sort: 'price-desc' },
    { ...base, price: { min: 10_000, max: 30_000 }, sort: 'price-asc' },
    { ...base, price: { max: 20_000 }, countries: ['DE', 'AT'], themes: [2], nights: { max: 5 } },
    { ...base, words: 'wellness' },
    { ...base, words: 'wellness', sort: 'price-asc', page: 2 },
    { ...base, words: 'Sudtirol', pageSize: 48 },
    { ...base, words: 'Südtirol wellness' },
    { ...base, words: 'Gardase' },
    { ...base, words: 'gardsee', sort: 'newest' },
    { ...base, words: 'gardasse hotel' },
    { ...base, words: 'Nacht' },
    { ...base, words: 'night', locale: 'en' },
    { ...base, words: 'notte', locale: 'it', sort: 'discount' },
    { ...base, words: 'ital', brandId: 2 },
    { ...base, words: 'see blick', countries: ['AT', 'IT', 'DE'] },
    { ...base, words: 'hotel', nights: { min: 2, max: 4 }, pageSize: 48, page: 2 },
    { ...base, words: 'spa wellness', persons: { min: 2 } },
    { ...base, words: 'berg', themes: [3], sort: 'price-asc' },
    { ...base, words: 'ski', locale: 'en', price: { min: 5_000 } },
    { ...base, words: 'xylophonquartett' },
    { ...base, words: 'und' },
    { ...base, words: 'und wellness' },
    { ...base, words: 'the', locale: 'en' },
    { ...base, words: 'a b c d e f g h' },
    { ...base, words: 'romantik wochenende', facets: false },
    { ...base, words: 'Österreich', locale: 'it', pageSize: 48, page: 3 },
    { ...base, words: 'w', sort: 'relevance', pageSize: 48 },
  ];

  it.each(requests.map((request) => [JSON.stringify(request), request] as const))(
    'answers %s identically',
    async (_, request) => {
      const { sql: expected, engine: actual } = await bothWays(request);
      expect(actual).toEqual(expected);
    },
  );

  it('takes a changed text, a removed and an added offer in without a full load, answering as SQL does', async () => {
    await engine.ready();
    const { db } = database;
    const [renamed, away] = await queryRows<{ id: number; title: Record<string, string> }>(
      db,
      sql`SELECT o.id, o.title FROM offer_search s JOIN offers o ON o.id = s.offer_id
        WHERE s.brand_id IS NULL ORDER BY s.offer_id LIMIT 2`,
    );
    const rebuild = (id: number) => rebuildSearchIndex(db, () => {}, [id]);
    const tookChangesIn = async () => {
      await engine.refresh();
      expect(messages.at(-1)).toMatch(/took the changes in/);
    };
    const everything = (await answersAsSql(base)).total;
    try {
      await db.execute(
        sql`UPDATE offers SET title = title || '{"de": "Zauberwald Hütte"}'::jsonb WHERE id = ${renamed!.id}`,
      );
      // Another offer's sale period ended meanwhile: the next change takes it out of search too.
      await db.execute(
        sql`UPDATE offers SET sale_ends_at = now() - interval '1 minute' WHERE id = ${away!.id}`,
      );
      await rebuild(renamed!.id);
      await tookChangesIn();
      // The renamed offer's row only: the removed one is a record of its own.
      expect(messages.at(-1)).toMatch(/rows read: 1\)/);
      expect((await answersAsSql({ ...base, words: 'zauberwald' })).ids).toEqual([renamed!.id]);
      expect((await answersAsSql(base)).total).toBe(everything - 1);
      await answersAsSql({ ...base, sort: 'newest', pageSize: 48 });

      await db.execute(sql`UPDATE offers SET sale_ends_at = NULL WHERE id = ${away!.id}`);
      await rebuild(away!.id);
      await tookChangesIn();
      expect((await answersAsSql(base)).total).toBe(everything);
      await answersAsSql({ ...base, words: 'wellness', sort: 'price-asc' });
    } finally {
      await db.execute(sql`UPDATE offers SET sale_ends_at = NULL WHERE id = ${away!.id}`);
      await db.execute(sql`UPDATE offers SET title = ${renamed!.title} WHERE id = ${renamed!.id}`);
      await rebuild(renamed!.id);
      await tookChangesIn();
    }
    expect((await answersAsSql({ ...base, words: 'zauberwald' })).total).toBe(0);
  });

  it('loads the whole index again when over a quarter of the offers changed their text', async () => {
    await engine.ready();
    const { db } = database;
    const offers = await queryRows<{ id: number; title: Record<string, string> }>(
      db,
      sql`SELECT o.id, o.title FROM offer_search s JOIN offers o ON o.id = s.offer_id ORDER BY s.offer_id LIMIT 300`,
    );
    const ids = offers.map((offer) => offer.id);
    try {
      await db.execute(
        sql`UPDATE offers SET title = title || '{"de": "Sternschnuppe"}'::jsonb WHERE id = ANY(${sql.param(ids)}::int[])`,
      );
      await rebuildSearchIndex(db, () => {}, ids);
      await engine.refresh();
      expect(messages.at(-1)).toMatch(/loaded/);
      // Those the brand sells (offers of other brands are among them), as the SQL search finds them.
      expect((await answersAsSql({ ...base, words: 'sternschnuppe' })).total).toBeGreaterThan(ids.length / 2);
    } finally {
      for (const offer of offers) {
        await db.execute(sql`UPDATE offers SET title = ${offer.title} WHERE id = ${offer.id}`);
      }
      await rebuildSearchIndex(db, () => {}, ids);
      await engine.refresh();
    }
  });

  it('takes a price change of every offer in without a full load, answering as SQL does', async () => {
    await engine.ready();
    const { db } = database;
    const count = async () =>
      (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM offer_search`))[0]!.n;
    const raise = async (cents: number) => {
      await db.execute(sql`UPDATE variants SET price_cents = price_cents + ${cents}`);
      await refreshVariantColumns(
        db,
        (await queryRows<{ id: number }>(db, sql`SELECT id FROM offers`)).map((o) => o.id),
      );
      await engine.refresh();
    };
    try {
      await raise(100);
      // Every row read again, without its documents: no full load.
      expect(messages.at(-1)).toMatch(new RegExp(`took the changes in \\(rows read: ${await count()}\\)`));
      await answersAsSql({ ...base, sort: 'price-asc', pageSize: 48 });
      await answersAsSql({ ...base, words: 'wellness', sort: 'price-desc' });
    } finally {
      await raise(-100);
    }
  });

  it('reads no row again after a whole rebuild that changed nothing', async () => {
    await engine.ready();
    await rebuildSearchIndex(database.db);
    await engine.refresh();
    expect(messages.at(-1)).toMatch(/took the changes in \(rows read: 0\)/);
    await answersAsSql({ ...base, sort: 'discount' });
  });

  it('loads the whole index when the record of a removed row is gone, answering as SQL does', async () => {
    await engine.ready();
    const { db } = database;
    const [offer] = await queryRows<{ id: number }>(
      db,
      sql`SELECT offer_id AS id FROM offer_search WHERE brand_id IS NULL ORDER BY offer_id DESC LIMIT 1`,
    );
    const everything = (await answersAsSql(base)).total;
    try {
      await db.execute(sql`DELETE FROM offer_search WHERE offer_id = ${offer!.id}`);
      // As after a day: records older than that are pruned.
      await db.execute(sql`DELETE FROM offer_search_removals`);
      await rebuildSearchIndex(db, () => {}, []);
      await engine.refresh();
      expect(messages.at(-1)).toMatch(/loaded/);
      expect((await answersAsSql(base)).total).toBe(everything - 1);
    } finally {
      await rebuildSearchIndex(db, () => {}, [offer!.id]);
      await engine.refresh();
    }
    expect((await answersAsSql(base)).total).toBe(everything);
  });

  it('refreshes the variant columns of a search row as a whole rebuild of it would', async () => {
    const { db } = database;
    const [offer] = await queryRows<{
      id: number;
      variantId: number;
      price: number;
      stock: number;
      nights: number;
    }>(
      db,
      sql`SELECT s.offer_id AS id, v.id AS "variantId", v.price_cents AS price, v.stock, v.nights
        FROM offer_search s JOIN variants v ON v.offer_id = s.offer_id
        ORDER BY s.offer_id DESC, v.price_cents LIMIT 1`,
    );
    const row = async () =>
      (await queryRows(db, sql`SELECT * FROM offer_search WHERE offer_id = ${offer!.id}`))[0];
    try {
      await db.execute(
        sql`UPDATE variants SET price_cents = 1, stock = 0, nights = 11 WHERE id = ${offer!.variantId}`,
      );
      await refreshVariantColumns(db, [offer!.id]);
      const refreshed = await row();
      expect(refreshed).toMatchObject({ nights_max: 11 });
      await rebuildSearchIndex(db, () => {}, [offer!.id]);
      expect(await row()).toEqual(refreshed);
      await engine.refresh();
      await answersAsSql({ ...base, sort: 'price-asc' });
      await answersAsSql({ ...base, nights: { min: 11 } });
    } finally {
      await db.execute(
        sql`UPDATE variants SET price_cents = ${offer!.price}, stock = ${offer!.stock}, nights = ${offer!.nights}
          WHERE id = ${offer!.variantId}`,
      );
      await rebuildSearchIndex(db, () => {}, [offer!.id]);
      await engine.refresh();
    }
  });

  it('covers matches, misses, typos and several pages', async () => {
    const totals = await Promise.all(
      [{ words: 'wellness' }, { words: 'Gardase' }, { words: 'xylophonquartett' }].map(
        async (request) => (await bothWays({ ...base, ...request })).engine.total,
      ),
    );
    expect(totals[0]).toBeGreaterThan(48);
    expect(totals[1]).toBeGreaterThan(0);
    expect(totals[2]).toBe(0);
  });
});

describe('the engine lifecycle', () => {
  const someOffer = async () => {
    const [row] = await queryRows<{ offer_id: number; price_cents: number }>(
      database.db,
      sql`SELECT offer_id, price_cents FROM offer_search WHERE brand_id IS NULL ORDER BY offer_id LIMIT 1`,
    );
    return row!;
  };
  /** A write to offer_search, announced the way rebuildSearchIndex announces its own. */
  const changeIndex = async (statement: ReturnType<typeof sql>) => {
    await database.db.execute(statement);
    await database.db.execute(sql`
      INSERT INTO catalogue_version (id, version) VALUES (1, 1)
      ON CONFLICT (id) DO UPDATE SET version = catalogue_version.version + 1`);
  };
  const cheapest = (query: Partial<EngineQuery> = {}) =>
    engine.search({ ...base, sort: 'price-asc', brandId: 1, locale: 'de', text: null, ...query });

  it('reloads after refresh() when the table changed, and only then', async () => {
    await engine.ready();
    const loads = messages.filter((message) => message.includes('loaded')).length;
    await engine.refresh();
    expect(messages.filter((message) => message.includes('loaded')).length).toBe(loads);

    const offer = await someOffer();
    await changeIndex(sql`UPDATE offer_search SET price_cents = 1 WHERE offer_id = ${offer.offer_id}`);
    expect((await cheapest()).ids[0]).not.toBe(offer.offer_id);
    await engine.refresh();
    expect((await cheapest()).ids[0]).toBe(offer.offer_id);
    await changeIndex(
      sql`UPDATE offer_search SET price_cents = ${offer.price_cents} WHERE offer_id = ${offer.offer_id}`,
    );
    await engine.refresh();
    expect((await cheapest()).ids[0]).not.toBe(offer.offer_id);
  });

  it('keeps searching the previous snapshot when a reload fails', async () => {
    const before = await cheapest();
    await changeIndex(sql`ALTER TABLE offer_search RENAME COLUMN price_cents TO price_cents_away`);
    try {
      await expect(engine.refresh()).rejects.toThrow();
      expect(messages.at(-1)).toMatch(/failed, keeping the previous snapshot/);
      expect(await cheapest()).toEqual(before);
    } finally {
      await database.db.execute(sql`ALTER TABLE offer_search RENAME COLUMN price_cents_away TO price_cents`);
    }
  });

  it('tries a failed reload again by itself, and says so when the new snapshot replaces the old', async () => {
    let replaced = 0;
    const offer = await someOffer();
    const retrying = createSearchEngine(database.db, {
      refreshIntervalMs: 0,
      retryMs: 20,
      onLoaded: () => replaced++,
    });
    try {
      await retrying.ready();
      const search = () =>
        retrying.search({ ...base, sort: 'price-asc', brandId: 1, locale: 'de', text: null });
      await changeIndex(sql`ALTER TABLE offer_search RENAME COLUMN price_cents TO price_cents_away`);
      try {
        await expect(retrying.refresh()).rejects.toThrow();
        await database.db.execute(
          sql`UPDATE offer_search SET price_cents_away = 1 WHERE offer_id = ${offer.offer_id}`,
        );
      } finally {
        await database.db.execute(
          sql`ALTER TABLE offer_search RENAME COLUMN price_cents_away TO price_cents`,
        );
      }
      // The table is back; nobody calls refresh() again, yet the change arrives.
      const deadline = Date.now() + 5_000;
      while ((await search()).ids[0] !== offer.offer_id && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await search()).ids[0]).toBe(offer.offer_id);
      expect(replaced).toBe(1);
    } finally {
      retrying.close();
      await changeIndex(
        sql`UPDATE offer_search SET price_cents = ${offer.price_cents} WHERE offer_id = ${offer.offer_id}`,
      );
    }
  });

  it('refuses to wait for a first index once closed (and does not spin)', async () => {
    const unreachable = createSearchEngine(database.db, {
      refreshIntervalMs: 0,
      thread: { url: 'postgres://postgres@127.0.0.1:1/nowhere' },
    });
    await unreachable.close();
    await expect(unreachable.ready()).rejects.toThrow();
    await expect(unreachable.search({ ...base, brandId: 1, locale: 'de', text: null })).rejects.toThrow();
  });

  it('polls for changes and answers searches issued before the first load', async () => {
    const polling = createSearchEngine(database.db, { refreshIntervalMs: 20 });
    try {
      const first = polling.search({ ...base, sort: 'price-asc', brandId: 1, locale: 'de', text: null });
      expect((await first).total).toBeGreaterThan(0);
      const offer = await someOffer();
      await changeIndex(sql`DELETE FROM offer_search WHERE offer_id = ${offer.offer_id}`);
      const deadline = Date.now() + 10_000;
      let total = (await first).total;
      while (total === (await first).total && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        total = (await polling.search({ ...base, brandId: 1, locale: 'de', text: null })).total;
      }
      expect(total).toBe((await first).total - 1);
    } finally {
      polling.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the engine on a PostgreSQL server: several connections, an index thread',
  () => {
    it('takes in a change whose transaction ended after a later one was taken in', async () => {
      await engine.ready();
      const { db } = database;
      const offers = await queryRows<{ id: number; price: number }>(
        db,
        sql`SELECT offer_id AS id, price_cents AS price FROM offer_search
          WHERE brand_id IS NULL AND NOT is_sold_out ORDER BY offer_id LIMIT 2`,
      );
      const [early, late] = offers as [{ id: number; price: number }, { id: number; price: number }];
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => {
        wrote = resolve;
      });
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      try {
        // The early transaction writes first and ends last: its row's revision is below the late one's.
        const slow = db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE offer_search SET price_cents = 2 WHERE offer_id = ${early.id}`);
          wrote();
          await finished;
        });
        await written;
        await db.execute(sql`UPDATE offer_search SET price_cents = 1 WHERE offer_id = ${late.id}`);
        await rebuildSearchIndex(db, () => {}, []);
        await engine.refresh();
        expect((await answersAsSql({ ...base, sort: 'price-asc' })).ids.slice(0, 1)).toEqual([late.id]);
        finish();
        await slow;
        await rebuildSearchIndex(db, () => {}, []);
        await engine.refresh();
        expect(messages.at(-1)).toMatch(/took the changes in/);
        expect((await answersAsSql({ ...base, sort: 'price-asc' })).ids.slice(0, 2)).toEqual([
          late.id,
          early.id,
        ]);
      } finally {
        finish();
        for (const offer of offers) await rebuildSearchIndex(db, () => {}, [offer.id]);
        await engine.refresh();
      }
    });

    it('answers as the engine built on this thread, before and after a change it takes in', async () => {
      const threadMessages: string[] = [];
      const threaded = createSearchEngine(database.db, {
        refreshIntervalMs: 0,
        thread: { url: process.env.TEST_DATABASE_URL!, schemaName: database.schemaName },
        log: (message) => threadMessages.push(message),
      });
      const wellness = await stemTextQuery(
        database.db,
        'de',
        buildTsQuery(await matchWords(database.db, ['wellness'])),
      );
      const queries: EngineQuery[] = [
        { ...base, brandId: 1, locale: 'de', text: null },
        { ...base, brandId: 2, locale: 'de', text: null, sort: 'price-asc', countries: ['AT', 'IT'] },
        { ...base, brandId: 1, locale: 'de', text: wellness, nights: { min: 3 } },
      ];
      const sameAnswers = async () => {
        for (const query of queries) expect(await threaded.search(query)).toEqual(await engine.search(query));
      };
      const [offer] = await queryRows<{ offer_id: number; price_cents: number }>(
        database.db,
        sql`SELECT offer_id, price_cents FROM offer_search WHERE brand_id IS NULL AND NOT is_sold_out ORDER BY offer_id LIMIT 1`,
      );
      try {
        await threaded.ready();
        await engine.refresh();
        await sameAnswers();
        await database.db.execute(
          sql`UPDATE offer_search SET price_cents = 1 WHERE offer_id = ${offer!.offer_id}`,
        );
        await rebuildSearchIndex(database.db, () => {}, []);
        await Promise.all([threaded.refresh(), engine.refresh()]);
        expect(threadMessages.at(-1)).toMatch(/took the changes in/);
        expect((await threaded.search({ ...queries[1]!, brandId: 1, countries: undefined })).ids[0]).toBe(
          offer!.offer_id,
        );
        await sameAnswers();
      } finally {
        await threaded.close();
        await rebuildSearchIndex(database.db, () => {}, [offer!.offer_id]);
        await engine.refresh();
      }
    });
  },
);
