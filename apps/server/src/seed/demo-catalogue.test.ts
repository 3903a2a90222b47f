import type { Locale } from '@shop/contracts/locale';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, queryRows } from '#src/db/client.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { demoOfferCount, isCatalogueEmpty, resetCatalogue, seedDemoCatalogue } from './demo-catalogue.ts';

async function one<Row>(db: Database, query: SQL): Promise<Row> {
  const [row] = await queryRows<Row>(db, query);
  if (!row) throw new Error('query returned no row');
  return row;
}

/** A fingerprint of every generated row, in id order. */
async function catalogueDigest(db: Database): Promise<string> {
  const { digest } = await one<{ digest: string }>(
    db,
    sql`SELECT md5(concat_ws('#',
      (SELECT string_agg(h::text, '|' ORDER BY h.id) FROM hotels h),
      (SELECT string_agg(o::text, '|' ORDER BY o.id) FROM offers o),
      (SELECT string_agg(v::text, '|' ORDER BY v.id) FROM variants v),
      (SELECT string_agg(t::text, '|' ORDER BY t.id) FROM offer_texts t),
      (SELECT string_agg(ot::text, '|' ORDER BY ot.offer_id, ot.theme_id) FROM offer_themes ot),
      (SELECT string_agg(p::text, '|' ORDER BY p.id) FROM promotions p),
      (SELECT string_agg(po::text, '|' ORDER BY po.promotion_id, po.offer_id) FROM promotion_offers po),
      (SELECT string_agg(c::text, '|' ORDER BY c.iso) FROM countries c)
    )) AS digest`,
  );
  return digest;
}

const locales = ['de', 'en', 'it'] as const;
const requiredPages = [
  'impressum',
  'datenschutz',
  'agb',
  'accessibility',
  'gutscheinvorteile',
  'faq',
  'kontakt',
];

type Text = { de: string; en?: string; it?: string };

/** Words that are the same in two or three shop languages (and a campaign's name), so equal texts are right. */
const sameInEveryLanguage = new Set([
  'Wellness',
  'Golf',
  'Chalet',
  'Spa',
  'Whirlpool',
  'Bar',
  'Restaurant',
  'Sauna',
  'Solarium',
  'Garage',
  'All inclusive',
  'Wi-Fi',
  'Bella Italia',
]);

/** What is wrong with one text: a language missing or empty, or two languages with the same text. */
function languageProblems(
  label: string,
  text: Text | null | undefined,
  locales: readonly Locale[],
  mayRepeat: ReadonlySet<string> = new Set(),
): string[] {
  if (!text) return [`${label}: missing`];
  const problems = locales.flatMap((locale) => (text[locale]?.trim() ? [] : [`${label}: no ${locale}`]));
  for (const [i, a] of locales.entries()) {
    for (const b of locales.slice(i + 1)) {
      const value = text[a];
      if (value && value === text[b] && !mayRepeat.has(value))
        problems.push(`${label}: ${a} = ${b} "${value}"`);
    }
  }
  return problems;
}

/**
 * Well-known exonyms (German → English, Italian), written down independently of the generator: every
 * place the demo catalogue names with one of these German names must use them.
 */
const exonyms: Record<string, { en: string; it: string }> = {
  Rom: { en: 'Rome', it: 'Roma' },
  Prag: { en: 'Prague', it: 'Praga' },
  Wien: { en: 'Vienna', it: 'Vienna' },
  Venedig: { en: 'Venice', it: 'Venezia' },
  Florenz: { en: 'Florence', it: 'Firenze' },
  Toblach: { en: 'Dobbiaco', it: 'Dobbiaco' },
  Meran: { en: 'Merano', it: 'Merano' },
  Bozen: { en: 'Bolzano', it: 'Bolzano' },
  Brixen: { en: 'Bressanone', it: 'Bressanone' },
  Bruneck: { en: 'Brunico', it: 'Brunico' },
  Lissabon: { en: 'Lisbon', it: 'Lisbona' },
  Kopenhagen: { en: 'Copenhagen', it: 'Copenaghen' },
  Krakau: { en: 'Kraków', it: 'Cracovia' },
  Hamburg: { en: 'Hamburg', it: 'Amburgo' },
  Berlin: { en: 'Berlin', it: 'Berlino' },
  Salzburg: { en: 'Salzburg', it: 'Salisburgo' },
  Südtirol: { en: 'South Tyrol', it: 'Alto Adige' },
  Gardasee: { en: 'Lake Garda', it: 'Lago di Garda' },
  Toskana: { en: 'Tuscany', it: 'Toscana' },
  Schwarzwald: { en: 'Black Forest', it: 'Foresta Nera' },
  Bodensee: { en: 'Lake Constance', it: 'Lago di Costanza' },
  Tirol: { en: 'Tyrol', it: 'Tirolo' },
  Kärnten: { en: 'Carinthia', it: 'Carinzia' },
  Steiermark: { en: 'Styria', it: 'Stiria' },
  Sizilien: { en: 'Sicily', it: 'Sicilia' },
  Elsass: { en: 'Alsace', it: 'Alsazia' },
  Kreta: { en: 'Crete', it: 'Creta' },
  Venetien: { en: 'Veneto', it: 'Veneto' },
  Graubünden: { en: 'Graubünden', it: 'Grigioni' },
};

/** Countries whose German name is also their English or Italian one. */
const sameCountryNames = new Set(['Portugal', 'Liechtenstein', 'Monaco', 'Montenegro', 'Malta']);

/**
 * A place name: present in every language; the reference exonyms where they apply; and a country's
 * German name is never the English or Italian one unless it really is the same.
 */
function placeProblems(label: string, name: Text | null | undefined, locales: readonly Locale[]): string[] {
  if (!name) return [];
  const problems = languageProblems(label, name, locales, new Set([name.de, name.en ?? '', name.it ?? '']));
  const expected = exonyms[name.de];
  if (expected) {
    for (const locale of ['en', 'it'] as const) {
      if (name[locale] !== expected[locale])
        problems.push(`${label}: ${locale} "${name[locale]}", not "${expected[locale]}"`);
    }
  }
  if (label.startsWith('country') && !sameCountryNames.has(name.de)) {
    problems.push(
      ...languageProblems(label, { de: name.de, en: name.en, it: name.it }, locales).filter((p) =>
        p.includes('de ='),
      ),
    );
  }
  return problems;
}

const wholeWord = (word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');

describe('demo catalogue', () => {
  let first: DatabaseHandle;
  let db: Database;
  let firstDigest: string;

  beforeAll(async () => {
    first = await createTestDatabase();
    db = first.db;
    expect(await isCatalogueEmpty(db)).toBe(true);
    const totals = await seedDemoCatalogue(db, {});
    expect(totals).toMatchObject({ brands: 6, hotels: 180, offers: demoOfferCount });
    firstDigest = await catalogueDigest(db);
  });

  afterAll(async () => {
    await first?.close();
  });

  it('is no longer empty', async () => {
    expect(await isCatalogueEmpty(db)).toBe(false);
  });

  it('has the six brands with demo as default', async () => {
    const brands = await queryRows<{ short: string; is_default: boolean }>(
      db,
      sql`SELECT short, is_default FROM brands ORDER BY id`,
    );
    expect(brands.map((brand) => brand.short)).toEqual([
      'demo',
      'autoclub',
      'familyclub',
      'sparbuch',
      'viaggi',
      'dealjaeger',
    ]);
    expect(brands.filter((brand) => brand.is_default).map((brand) => brand.short)).toEqual(['demo']);
  });

  it('spreads at least 150 hotels over at least 10 countries, all of them in the menu', async () => {
    const stats = await one<{ hotels: number; countries: number; in_menu: number; catalogue: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM hotels) AS hotels,
        (SELECT count(DISTINCT country_iso)::int FROM hotels) AS countries,
        (SELECT count(*)::int FROM countries WHERE is_in_menu) AS in_menu,
        (SELECT count(*)::int FROM countries) AS catalogue`,
    );
    expect(stats.hotels).toBeGreaterThanOrEqual(150);
    expect(stats.countries).toBeGreaterThanOrEqual(10);
    expect(stats.in_menu).toBe(stats.countries);
    expect(stats.catalogue).toBe(39);
  });

  it('does not contradict itself: contacts, operators, promised extras, one "Location" (issue 24)', async () => {
    // Every hotel has the phone and mail the voucher tells guests to book with.
    const contacts = await one<{ missing: number }>(
      db,
      sql`SELECT count(*)::int AS missing FROM hotels
        WHERE phone IS NULL OR phone !~ ${String.raw`^\+[0-9]{2,3} [0-9]+ [0-9]+$`}
          OR email IS NULL OR email !~ ${String.raw`^[a-z]+@[a-z0-9-]+\.example$`}`,
    );
    expect(contacts.missing).toBe(0);
    // No Austrian (or German, Swiss) hotel is sold by an operator of the Adriatic coast.
    const misplaced = await queryRows<{ country_iso: string }>(
      db,
      sql`SELECT h.country_iso FROM hotels h JOIN vendors v ON v.id = h.vendor_id
        WHERE v.name = 'Adria Holiday Partner' AND h.country_iso NOT IN ('IT', 'HR', 'SI')`,
    );
    expect(misplaced).toEqual([]);
    // A subtitle that promises a massage (or sparkling wine, a wine tasting) has it among the inclusions.
    for (const [code, word] of [
      ['massage', 'massag'],
      ['sparkling-wine', 'sekt'],
      ['wine-tasting', 'weinverkostung'],
    ] as const) {
      const promising = await queryRows<{ id: number; listed: boolean }>(
        db,
        sql`SELECT id, inclusions @> ${JSON.stringify([{ code }])}::jsonb AS listed FROM offers
          WHERE lower(subtitle->>'de') LIKE ${`%${word}%`} OR lower(subtitle->>'en') LIKE ${`%${word}%`}`,
      );
      expect(promising.length, code).toBeGreaterThan(0);
      expect(
        promising.filter((offer) => !offer.listed),
        code,
      ).toEqual([]);
    }
    // The offer page has its own "Location" section: no text section of an offer is titled so.
    const locationTexts = await one<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM offer_texts
        WHERE title->>'de' = 'Lage' OR title->>'en' = 'Location' OR title->>'it' = 'Posizione'`,
    );
    expect(locationTexts.count).toBe(0);
  });

  it('places hotels in Südtirol and at the Gardasee', async () => {
    const regions = await queryRows<{ region: string; hotels: number }>(
      db,
      sql`SELECT region->>'de' AS region, count(*)::int AS hotels FROM hotels WHERE region->>'de' IN ('Südtirol', 'Gardasee') GROUP BY 1`,
    );
    expect(regions.map((row) => row.region).sort()).toEqual(['Gardasee', 'Südtirol']);
  });

  it('uses at least 8 themes', async () => {
    const { themes, used } = await one<{ themes: number; used: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM themes) AS themes,
        (SELECT count(DISTINCT theme_id)::int FROM offer_themes) AS used`,
    );
    expect(themes).toBeGreaterThanOrEqual(8);
    expect(used).toBeGreaterThanOrEqual(8);
  });

  it('gives every offer at least one variant', async () => {
    const { offers, without } = await one<{ offers: number; without: number }>(
      db,
      sql`SELECT count(*)::int AS offers,
        count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.offer_id = o.id))::int AS without
        FROM offers o`,
    );
    expect(offers).toBe(demoOfferCount);
    expect(without).toBe(0);
  });

  it('keeps savings between 0 and 70 % and reaches exactly 70 % for some', async () => {
    const stats = await one<{ outside: number; at_max: number; below_one_euro: number }>(
      db,
      sql`SELECT
        count(*) FILTER (WHERE price_cents > original_price_cents
          OR price_cents * 100 < original_price_cents * 30)::int AS outside,
        count(*) FILTER (WHERE price_cents * 10 = original_price_cents * 3)::int AS at_max,
        count(*) FILTER (WHERE price_cents < 100)::int AS below_one_euro
        FROM variants`,
    );
    expect(stats.outside).toBe(0);
    expect(stats.at_max).toBeGreaterThan(0);
    expect(stats.below_one_euro).toBe(0);
  });

  it('has some sold-out offers and some with only a few pieces left', async () => {
    const stats = await one<{ sold_out: number; few_left: number }>(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM (SELECT offer_id FROM variants GROUP BY offer_id HAVING bool_and(stock = 0)) s)
          AS sold_out,
        (SELECT count(*)::int FROM variants WHERE stock BETWEEN 1 AND 5) AS few_left`,
    );
    expect(stats.sold_out).toBeGreaterThan(0);
    expect(stats.sold_out).toBeLessThan(demoOfferCount / 10);
    expect(stats.few_left).toBeGreaterThan(0);
  });

  describe('in every language of the demo brands', () => {
    let brandLocales: Locale[];
    beforeAll(async () => {
      const rows = await queryRows<{ locale: Locale }>(
        db,
        sql`SELECT DISTINCT unnest(locales) AS locale FROM brands ORDER BY 1`,
      );
      brandLocales = rows.map((row) => row.locale);
      expect(brandLocales).toEqual(['de', 'en', 'it']);
    });

    /** Every translated text of `table`'s `columns`, labelled by the row's key. */
    async function textsOf(table: string, key: string, columns: string[], where = 'true') {
      return queryRows<{ key: string } & Record<string, Text>>(
        db,
        sql.raw(`SELECT ${key}::text AS key, ${columns.join(', ')} FROM ${table} WHERE ${where} ORDER BY 1`),
      );
    }

    it('has every offer, offer text and hotel description in each language, each its own', async () => {
      const problems = [
        ...(await textsOf('offers', 'id', ['title', 'subtitle'])).flatMap((row) => [
          ...languageProblems(`offer ${row.key} title`, row.title, brandLocales),
          ...languageProblems(`offer ${row.key} subtitle`, row.subtitle, brandLocales),
        ]),
        ...(await textsOf('offer_texts', 'id', ['title', 'body'])).flatMap((row) => [
          ...languageProblems(`offer text ${row.key} title`, row.title, brandLocales),
          ...languageProblems(`offer text ${row.key} body`, row.body, brandLocales),
        ]),
        ...(await textsOf('hotels', 'id', ['description'])).flatMap((row) =>
          languageProblems(`hotel ${row.key} description`, row.description, brandLocales),
        ),
        ...(await textsOf('promotions', 'name', ['title', 'description'])).flatMap((row) => [
          ...languageProblems(`promotion ${row.key} title`, row.title, brandLocales, sameInEveryLanguage),
          ...languageProblems(`promotion ${row.key} description`, row.description, brandLocales),
        ]),
      ];
      expect(problems).toEqual([]);
    });

    it('names themes, boards and hotel features in each language', async () => {
      const problems = [
        ...(await textsOf('themes', 'slug', ['name'])).flatMap((row) =>
          languageProblems(`theme ${row.key}`, row.name, brandLocales, sameInEveryLanguage),
        ),
        ...(await textsOf('boards', 'code', ['short', 'name'])).flatMap((row) => [
          ...languageProblems(`board ${row.key} short`, row.short, brandLocales, sameInEveryLanguage),
          ...languageProblems(`board ${row.key} name`, row.name, brandLocales, sameInEveryLanguage),
        ]),
        ...(await textsOf('hotel_features', 'code', ['label'])).flatMap((row) =>
          languageProblems(`feature ${row.key}`, row.label, brandLocales, sameInEveryLanguage),
        ),
      ];
      expect(problems).toEqual([]);
    });

    it("names countries, regions and towns in each language's own form", async () => {
      const countries = await textsOf('countries', 'iso', ['name']);
      const hotels = await textsOf('hotels', 'id', ['city', 'region']);
      const problems = [
        ...countries.flatMap((row) => placeProblems(`country ${row.key}`, row.name, brandLocales)),
        ...hotels.flatMap((row) => [
          ...placeProblems(`hotel ${row.key} city`, row.city, brandLocales),
          ...placeProblems(`hotel ${row.key} region`, row.region, brandLocales),
        ]),
      ];
      expect(problems).toEqual([]);
      // The catalogue holds enough of the reference names for the check above to mean something.
      const named = new Set(hotels.flatMap((row) => [row.city?.de, row.region?.de]));
      expect(Object.keys(exonyms).filter((name) => named.has(name)).length).toBeGreaterThanOrEqual(15);
    });

    it('writes no German place name into an English or Italian text', async () => {
      const rows = await queryRows<{ id: number; city: Text; region: Text; texts: Text[] }>(
        db,
        sql`SELECT h.id, h.city, h.region,
          jsonb_build_array(h.description) || coalesce((SELECT jsonb_agg(t) FROM offers o,
            LATERAL (SELECT o.title UNION ALL SELECT o.subtitle
              UNION ALL SELECT ot.body FROM offer_texts ot WHERE ot.offer_id = o.id) x(t)
            WHERE o.hotel_id = h.id), '[]') AS texts
          FROM hotels h ORDER BY h.id`,
      );
      const problems = rows.flatMap((hotel) =>
        (['en', 'it'] as const).flatMap((locale) =>
          [hotel.city, hotel.region].flatMap((place) => {
            const german = place.de;
            // The same name ("Siena"), or one inside the other ("Harz Mountains"), is no leak.
            if (!place[locale] || wholeWord(german).test(place[locale]!)) return [];
            // A town's own name may hold it ("Zell (Mosel)", "Seefeld in Tirol").
            const withoutTown = (text: Text) => (text[locale] ?? '').replaceAll(hotel.city[locale] ?? '', '');
            return hotel.texts
              .filter((text) => wholeWord(german).test(withoutTown(text)))
              .map((text) => `hotel ${hotel.id} (${locale}): "${german}" in "${text[locale]}"`);
          }),
        ),
      );
      expect(problems.slice(0, 10)).toEqual([]);
    });

    it("has every shared content page in every language, each its own, and brands' own pages in theirs", async () => {
      const pages = await queryRows<{
        brand: string | null;
        slug: string;
        locale: Locale;
        title: string;
        body: string;
      }>(
        db,
        sql`SELECT b.short AS brand, p.slug, p.locale, p.title, p.body
          FROM content_pages p LEFT JOIN brands b ON b.id = p.brand_id ORDER BY p.slug, p.locale`,
      );
      const brands = await queryRows<{ short: string; locales: Locale[] }>(
        db,
        sql`SELECT short, locales FROM brands`,
      );
      const problems = [...new Set(pages.map((page) => `${page.brand ?? ''}/${page.slug}`))].flatMap(
        (key) => {
          const own = pages.filter((page) => `${page.brand ?? ''}/${page.slug}` === key);
          const brand = own[0]!.brand;
          const wanted = brand === null ? brandLocales : brands.find((row) => row.short === brand)!.locales;
          const text = (field: 'title' | 'body') =>
            Object.fromEntries(own.map((page) => [page.locale, page[field]])) as Text;
          return [
            ...languageProblems(`${key} title`, text('title'), wanted),
            ...languageProblems(`${key} body`, text('body'), wanted),
          ];
        },
      );
      expect(problems).toEqual([]);
    });
  });

  it('has current promotions with 20–60 offers, including a Custom:deal one', async () => {
    const promotions = await queryRows<{
      name: string;
      promotion_type: string;
      brand: string | null;
      is_current: boolean;
      offers: number;
    }>(
      db,
      sql`SELECT p.name, p.promotion_type, b.short AS brand,
        (p.is_active AND p.valid_from <= now() AND p.valid_to >= now()) AS is_current,
        (SELECT count(*)::int FROM promotion_offers po WHERE po.promotion_id = p.id) AS offers
        FROM promotions p LEFT JOIN brands b ON b.id = p.brand_id ORDER BY p.id`,
    );
    expect(promotions.find((p) => p.promotion_type === 'Custom:deal')).toMatchObject({
      brand: 'sparbuch',
      is_current: true,
    });
    expect(promotions.find((p) => p.name === 'gardasee')).toMatchObject({
      brand: 'familyclub',
      is_current: true,
    });
    expect(promotions.find((p) => p.name === 'abgelaufen')?.is_current).toBe(false);
    for (const promotion of promotions) {
      expect(promotion.offers).toBeGreaterThanOrEqual(20);
      expect(promotion.offers).toBeLessThanOrEqual(60);
    }
  });

  it('fills the Südtirol landing page with hotels in Südtirol', async () => {
    const { inRegion, total } = await one<{ inRegion: number; total: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE h.region->>'de' = 'Südtirol')::int AS "inRegion", count(*)::int AS total
        FROM promotions p JOIN promotion_offers po ON po.promotion_id = p.id
        JOIN offers o ON o.id = po.offer_id JOIN hotels h ON h.id = o.hotel_id
        WHERE p.name = 'suedtirol'`,
    );
    expect(inRegion).toBeGreaterThan(total / 2);
  });

  it('has every default content page in every language and the footer menu', async () => {
    const pages = await queryRows<{ locale: string; slug: string; title: string; body: string }>(
      db,
      sql`SELECT locale, slug, title, body FROM content_pages WHERE brand_id IS NULL`,
    );
    for (const locale of locales) {
      for (const slug of requiredPages) {
        const page = pages.find((candidate) => candidate.locale === locale && candidate.slug === slug);
        expect(page, `${slug} (${locale})`).toBeDefined();
        expect(page?.title.length).toBeGreaterThan(0);
      }
    }
    const accessibility = pages.find((page) => page.locale === 'de' && page.slug === 'accessibility');
    expect(accessibility?.body).toMatch(/WCAG 2\.2/);
    expect(accessibility?.body).toMatch(/15 Arbeitstagen/);

    const menus = await queryRows<{ locale: string; value: string[] }>(
      db,
      sql`SELECT locale, value FROM extension_points WHERE brand_id IS NULL AND key = 'footerMenu' ORDER BY locale`,
    );
    expect(menus.map((menu) => menu.locale)).toEqual([...locales]);
    expect(menus[0]?.value).toEqual([
      'imprint',
      'privacy',
      'terms',
      'withdrawal',
      'accessibility',
      'voucher-advantages',
      'help',
      'contact',
    ]);
  });

  it('has the feature codes 1–33 and the twelve board codes', async () => {
    const features = await queryRows<{ code: number }>(
      db,
      sql`SELECT code FROM hotel_features ORDER BY code`,
    );
    expect(features.map((feature) => feature.code)).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
    const boards = await queryRows<{ code: string }>(db, sql`SELECT code FROM boards ORDER BY code`);
    expect(boards.map((board) => board.code).sort()).toEqual(
      ['AB', 'AI', 'AIA', 'HAI', 'HP', 'HP+', 'LTA', 'NF', 'Ü', 'VP', 'VP+', 'VWP'].sort(),
    );
  });

  it('builds the search index of the offers on sale', async () => {
    const { indexed, gone } = await one<{ indexed: number; gone: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM offer_search) AS indexed,
        (SELECT count(*)::int FROM offers WHERE NOT is_active OR sale_ends_at < now()) AS gone`,
    );
    // Every 67th offer is no longer sold (switched off, or its sale period over): the 410 page's demo.
    expect(gone).toBe(Math.floor(demoOfferCount / 67));
    expect(indexed).toBe(demoOfferCount - gone);
  });

  describe('determinism', () => {
    let second: DatabaseHandle;

    beforeAll(async () => {
      second = await createTestDatabase();
    });

    afterAll(async () => {
      await second?.close();
    });

    it('seeds the identical catalogue into a second database', async () => {
      await seedDemoCatalogue(second.db, {});
      expect(await catalogueDigest(second.db)).toBe(firstDigest);
    });

    it('seeds it again after resetCatalogue, and new rows continue after the seeded ids', async () => {
      await resetCatalogue(second.db);
      expect(await isCatalogueEmpty(second.db)).toBe(true);
      await seedDemoCatalogue(second.db, {});
      expect(await catalogueDigest(second.db)).toBe(firstDigest);
      const { id } = await one<{ id: number }>(
        second.db,
        sql`INSERT INTO vendors (name) VALUES ('Test') RETURNING id`,
      );
      const { max } = await one<{ max: number }>(second.db, sql`SELECT max(id)::int AS max FROM vendors`);
      expect(id).toBe(max);
      expect(id).toBeGreaterThan(1);
    });

    it('seeds exactly the requested number of offers', async () => {
      await resetCatalogue(second.db);
      const totals = await seedDemoCatalogue(second.db, { offers: 100 });
      const counts = await one<{ hotels: number; offers: number; variants: number; empty_hotels: number }>(
        second.db,
        sql`SELECT (SELECT count(*)::int FROM hotels) AS hotels, (SELECT count(*)::int FROM offers) AS offers,
          (SELECT count(*)::int FROM variants) AS variants,
          (SELECT count(*)::int FROM hotels h WHERE NOT EXISTS (SELECT 1 FROM offers o WHERE o.hotel_id = h.id))
            AS empty_hotels`,
      );
      expect(counts).toEqual({ hotels: 34, offers: 100, variants: totals.variants, empty_hotels: 0 });
      expect(totals).toMatchObject({ hotels: 34, offers: 100 });
    });

    it('rejects an invalid number of offers', async () => {
      await expect(seedDemoCatalogue(second.db, { offers: 0 })).rejects.toThrow(RangeError);
      await expect(seedDemoCatalogue(second.db, { offers: 2.5 })).rejects.toThrow(RangeError);
    });
  });
});
