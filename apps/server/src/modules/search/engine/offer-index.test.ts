import type { Locale } from '@shop/contracts/locale';
import { describe, expect, it } from 'vitest';
import { coverDensityRank } from './cover-density.ts';
import { buildOfferIndex, type OfferRow } from './offer-index.ts';
import { compareCodePoints } from './postings.ts';
import type { EngineQuery, EngineResult, FacetRows, TextQuery } from './search-engine.ts';
import { positionOf, readTsVector, weightClassOf } from './tsvector-text.ts';

const day = (n: number) => Date.UTC(2025, 0, n) * 1000;

function offer(
  offerId: number,
  fields: Partial<Omit<OfferRow, 'documents'>> & { de?: string; en?: string; it?: string },
): OfferRow {
  const { de = '', en = '', it = '', ...columns } = fields;
  return {
    offerId,
    brandId: null,
    countryIso: 'AT',
    themeIds: [],
    nightsSet: [7],
    personsSet: [2],
    priceCents: 10_000,
    discountPercent: 0,
    isSoldOut: false,
    createdAt: day(1),
    ...columns,
    documents: { de, en, it },
  };
}

const rows: OfferRow[] = [
  offer(1, {
    themeIds: [1, 2],
    nightsSet: [3, 7],
    discountPercent: 20,
    de: "'hotel':2A 'tirol':3B 'wellness':1A",
    en: "'spa':1A",
  }),
  offer(2, {
    countryIso: 'IT',
    themeIds: [2],
    personsSet: [2, 4],
    priceCents: 25_000,
    discountPercent: 30,
    createdAt: day(3),
    de: "'gardase':2A 'wellnesshotel':1A",
  }),
  offer(3, {
    brandId: 2,
    themeIds: [3],
    nightsSet: [2],
    personsSet: [1],
    priceCents: 5_000,
    createdAt: day(5),
    de: "'ski':1A 'tirol':2A",
  }),
  offer(4, {
    brandId: 3,
    countryIso: 'IT',
    themeIds: [1],
    nightsSet: [3],
    priceCents: 7_000,
    de: "'wellness':1A",
  }),
  offer(5, {
    countryIso: 'DE',
    nightsSet: [1],
    priceCents: 1_000,
    discountPercent: 60,
    isSoldOut: true,
    createdAt: day(9),
    de: "'sauna':2B 'wellness':1A",
  }),
  offer(6, {
    countryIso: 'IT',
    themeIds: [1, 3],
    nightsSet: [4, 5],
    personsSet: [3],
    discountPercent: 20,
    createdAt: day(9),
    de: "'sauna':1 'see':4A,9B 'wellness':12",
  }),
];
const index = buildOfferIndex(rows);

const browse: EngineQuery = {
  brandId: 1,
  locale: 'de',
  text: null,
  sort: 'price-asc',
  page: 1,
  pageSize: 24,
  facets: false,
};
const ids = (query: Partial<EngineQuery>) => index.search({ ...browse, ...query }).ids;
const prefix = (lexeme: string) => ({ lexeme, isPrefix: true });
const exact = (lexeme: string) => ({ lexeme, isPrefix: false });

describe('OfferIndex on hand-made rows', () => {
  it('shows a brand the offers of every brand and its own', () => {
    expect(ids({})).toEqual([1, 6, 2, 5]);
    expect(ids({ brandId: 2 })).toEqual([3, 1, 6, 2, 5]);
    expect(ids({ brandId: 3 })).toEqual([4, 1, 6, 2, 5]);
    expect(ids({ brandId: 99 })).toEqual([1, 6, 2, 5]);
  });

  it('sorts every way, sold-out offers last and offer id breaking ties', () => {
    expect(ids({ sort: 'price-desc' })).toEqual([2, 1, 6, 5]);
    expect(ids({ sort: 'discount' })).toEqual([2, 1, 6, 5]);
    expect(ids({ sort: 'newest' })).toEqual([6, 2, 1, 5]);
    // Without text, relevance is the discount order.
    expect(ids({ sort: 'relevance' })).toEqual([2, 1, 6, 5]);
  });

  it('matches text: prefixes, exact words, AND over groups, OR within a group, per language', () => {
    expect(ids({ text: [[prefix('wellness')]] })).toEqual([1, 6, 2, 5]);
    expect(ids({ text: [[exact('wellness')]] })).toEqual([1, 6, 5]);
    expect(ids({ text: [[prefix('wellness')], [exact('tirol')]] })).toEqual([1]);
    expect(ids({ brandId: 2, text: [[exact('gardase'), exact('ski')]] })).toEqual([3, 2]);
    expect(ids({ text: [[exact('spa')]] })).toEqual([]);
    expect(ids({ locale: 'en', text: [[exact('spa')]] })).toEqual([1]);
    expect(ids({ text: [[prefix('wellness')], [exact('unknown')]] })).toEqual([]);
  });

  it('finds nothing for a query without groups (only stop words) or with an empty group', () => {
    for (const text of [[], [[]]] as TextQuery[]) {
      expect(index.search({ ...browse, text, facets: true })).toEqual({
        ids: [],
        total: 0,
        facets: { countries: [], themes: [], nights: [], persons: [], price: null },
      });
    }
  });

  it('ranks whole-word matches first, then by ts_rank_cd, sold-out offers last', () => {
    // 2 ranks higher by ts_rank_cd ('wellnesshotel' in the title), but only starts with the word.
    expect(ids({ sort: 'relevance', text: [[prefix('wellness')]] })).toEqual([1, 6, 2, 5]);
    expect(ids({ sort: 'relevance', text: [[prefix('wellnessh')]] })).toEqual([2]);
    expect(ids({ sort: 'relevance', text: [[exact('sauna'), prefix('see')]] })).toEqual([6, 5]);
  });

  it('applies every refinement; an absent or empty one is no filter', () => {
    expect(ids({ countries: ['at'] })).toEqual([1]);
    expect(ids({ countries: ['AT', 'IT'] })).toEqual([1, 6, 2]);
    expect(ids({ countries: [], themes: [] })).toEqual([1, 6, 2, 5]);
    expect(ids({ themes: [3] })).toEqual([6]);
    expect(ids({ themes: [1, 99] })).toEqual([1, 6]);
    expect(ids({ nights: { min: 7 } })).toEqual([1, 2]);
    expect(ids({ nights: { max: 1 } })).toEqual([5]);
    expect(ids({ nights: { min: 4, max: 4 } })).toEqual([6]);
    expect(ids({ nights: {} })).toEqual([1, 6, 2, 5]);
    expect(ids({ persons: { min: 3, max: 4 } })).toEqual([6, 2]);
    expect(ids({ price: { min: 10_000, max: 10_000 } })).toEqual([1, 6]);
    expect(ids({ price: { max: 5_000 } })).toEqual([5]);
    expect(ids({ price: { min: 30_000 } })).toEqual([]);
  });

  it('pages, and answers an empty page past the end with the total', () => {
    expect(index.search({ ...browse, pageSize: 2 })).toEqual({ ids: [1, 6], total: 4, facets: null });
    expect(index.search({ ...browse, pageSize: 2, page: 2 })).toEqual({
      ids: [2, 5],
      total: 4,
      facets: null,
    });
    expect(index.search({ ...browse, pageSize: 2, page: 3 })).toEqual({ ids: [], total: 4, facets: null });
    expect(index.search({ ...browse, pageSize: 3, page: 2, countries: ['IT'] }).ids).toEqual([]);
  });

  it('counts each facet with every refinement but its own', () => {
    const result = index.search({ ...browse, facets: true, countries: ['IT'], nights: { min: 7 } });
    expect(result.ids).toEqual([2]);
    expect(sortedFacets(result.facets!)).toEqual({
      countries: [
        { key: 'AT', count: 1 },
        { key: 'IT', count: 1 },
      ],
      themes: [{ key: 2, count: 1 }],
      nights: [
        { key: 4, count: 1 },
        { key: 5, count: 1 },
        { key: 7, count: 1 },
      ],
      persons: [
        { key: 2, count: 1 },
        { key: 4, count: 1 },
      ],
      price: { min: 25_000, max: 25_000 },
    });
    expect(sortedFacets(index.search({ ...browse, facets: true }).facets!)).toEqual({
      countries: [
        { key: 'AT', count: 1 },
        { key: 'DE', count: 1 },
        { key: 'IT', count: 2 },
      ],
      themes: [
        { key: 1, count: 2 },
        { key: 2, count: 2 },
        { key: 3, count: 1 },
      ],
      nights: [1, 3, 4, 5, 7].map((key) => ({ key, count: key === 7 ? 2 : 1 })),
      persons: [
        { key: 2, count: 3 },
        { key: 3, count: 1 },
        { key: 4, count: 1 },
      ],
      price: { min: 1_000, max: 25_000 },
    });
  });

  it('refuses rows out of offer id order', () => {
    expect(() => buildOfferIndex([offer(2, {}), offer(1, {})])).toThrow(/order/);
  });
});

function sortedFacets(facets: FacetRows): FacetRows {
  const byKey = <T extends { key: string | number }>(a: T, b: T) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  return {
    countries: [...facets.countries].sort(byKey),
    themes: [...facets.themes].sort(byKey),
    nights: [...facets.nights].sort(byKey),
    persons: [...facets.persons].sort(byKey),
    price: facets.price,
  };
}

/** The SQL implementation's semantics, written the obvious way over plain rows. */
function searchNaively(all: OfferRow[], query: EngineQuery): EngineResult {
  const documents = new Map(
    all.map((row) => {
      const lexemes = new Map<string, number[]>();
      readTsVector(row.documents[query.locale], {
        lexeme: (source, start, end) => lexemes.set(source.slice(start, end), []),
        position: (encoded) => [...lexemes.values()].at(-1)!.push(encoded),
      });
      return [row.offerId, lexemes];
    }),
  );
  const { text } = query;
  const termMatches = (lexeme: string, term: { lexeme: string; isPrefix: boolean }) =>
    term.isPrefix ? lexeme.startsWith(term.lexeme) : lexeme === term.lexeme;
  const groupsOf = (lexeme: string) =>
    (text ?? []).reduce(
      (bits, group, g) => (group.some((term) => termMatches(lexeme, term)) ? bits | (1 << g) : bits),
      0,
    );
  const matchesText = (row: OfferRow) => {
    if (!text) return true;
    const lexemes = [...documents.get(row.offerId)!.keys()];
    return text.length > 0 && text.every((_, g) => lexemes.some((lexeme) => groupsOf(lexeme) & (1 << g)));
  };
  const base = all.filter(
    (row) => (row.brandId === null || row.brandId === query.brandId) && matchesText(row),
  );

  type Range = { min?: number | undefined; max?: number | undefined } | undefined;
  const isSet = (range: Range) => range !== undefined && (range.min ?? range.max) !== undefined;
  const within = (value: number, range: Range) =>
    value >= (range?.min ?? 0) && value <= (range?.max ?? 2_147_483_647);
  const { countries, themes, nights, persons, price } = query;
  const refinements: Record<string, ((row: OfferRow) => boolean) | null> = {
    country: countries?.length
      ? (row) => countries.map((iso) => iso.toUpperCase()).includes(row.countryIso)
      : null,
    theme: themes?.length ? (row) => row.themeIds.some((id) => themes.includes(id)) : null,
    nights: isSet(nights) ? (row) => row.nightsSet.some((value) => within(value, nights)) : null,
    persons: isSet(persons) ? (row) => row.personsSet.some((value) => within(value, persons)) : null,
    price: isSet(price) ? (row) => within(row.priceCents, price) : null,
  };
  const passing = (except: string | null) =>
    base.filter((row) =>
      Object.entries(refinements).every(([name, test]) => name === except || !test || test(row)),
    );
  const matched = passing(null);

  const isWholeWord = (row: OfferRow) =>
    text!.every((group) => group.some((term) => documents.get(row.offerId)!.has(term.lexeme)));
  const rank = (row: OfferRow) => {
    const entries = [...documents.get(row.offerId)!].flatMap(([lexeme, positions]) =>
      groupsOf(lexeme) === 0
        ? []
        : positions.map((encoded) => ({ lexeme, encoded, groups: groupsOf(lexeme) })),
    );
    entries.sort(
      (a, b) =>
        positionOf(a.encoded) - positionOf(b.encoded) ||
        weightClassOf(a.encoded) - weightClassOf(b.encoded) ||
        compareCodePoints(a.lexeme, b.lexeme),
    );
    return coverDensityRank(
      {
        positions: Int32Array.from(entries, (entry) => positionOf(entry.encoded)),
        weightClasses: Uint8Array.from(entries, (entry) => weightClassOf(entry.encoded)),
        groups: Uint32Array.from(entries, (entry) => entry.groups),
        from: 0,
        to: entries.length,
      },
      2 ** text!.length - 1,
    );
  };
  const key: Record<EngineQuery['sort'], (a: OfferRow, b: OfferRow) => number> = {
    'price-asc': (a, b) => a.priceCents - b.priceCents,
    'price-desc': (a, b) => b.priceCents - a.priceCents,
    discount: (a, b) => b.discountPercent - a.discountPercent || a.priceCents - b.priceCents,
    newest: (a, b) => b.createdAt - a.createdAt,
    relevance: text
      ? (a, b) => Number(isWholeWord(b)) - Number(isWholeWord(a)) || rank(b) - rank(a)
      : (a, b) => b.discountPercent - a.discountPercent || a.priceCents - b.priceCents,
  };
  const ordered = [...matched].sort(
    (a, b) => Number(a.isSoldOut) - Number(b.isSoldOut) || key[query.sort](a, b) || a.offerId - b.offerId,
  );
  const offset = (query.page - 1) * query.pageSize;

  const counted = <K extends string | number>(keysOf: (row: OfferRow) => K[], over: OfferRow[]) => {
    const counts = new Map<K, number>();
    for (const row of over) for (const k of keysOf(row)) counts.set(k, (counts.get(k) ?? 0) + 1);
    return [...counts].map(([k, count]) => ({ key: k, count }));
  };
  const priced = passing('price').map((row) => row.priceCents);
  return {
    ids: ordered.slice(offset, offset + query.pageSize).map((row) => row.offerId),
    total: matched.length,
    facets: query.facets
      ? {
          countries: counted((row) => [row.countryIso], passing('country')),
          themes: counted((row) => row.themeIds, passing('theme')),
          nights: counted((row) => row.nightsSet, passing('nights')),
          persons: counted((row) => row.personsSet, passing('persons')),
          price: priced.length > 0 ? { min: Math.min(...priced), max: Math.max(...priced) } : null,
        }
      : null,
  };
}

describe('OfferIndex against the obvious implementation', () => {
  let seed = 42;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const integer = (below: number) => Math.floor(random() * below);
  const pick = <T>(values: readonly T[]) => values[integer(values.length)]!;
  const some = <T>(values: readonly T[]) => values.filter(() => random() < 0.3);
  const vocabulary = [
    'see',
    'seeblick',
    'seen',
    'sei',
    'ski',
    'spa',
    'sauna',
    'wellness',
    'tirol',
    'ä',
    '😀',
  ];
  const document = () =>
    some(vocabulary)
      .sort(compareCodePoints)
      .map((lexeme) => {
        const positions = [...new Set(Array.from({ length: 1 + integer(3) }, () => 1 + integer(20)))];
        return `'${lexeme}':${positions
          .sort((a, b) => a - b)
          .map((position) => `${position}${pick(['A', 'B', 'C', ''])}`)
          .join(',')}`;
      })
      .join(' ');
  const randomRows = Array.from({ length: 80 }, (_, i) =>
    offer(3 * i + integer(3) + 1, {
      brandId: pick([null, null, null, 2, 3]),
      countryIso: pick(['AT', 'IT', 'DE', 'HR']),
      themeIds: some([1, 2, 3, 4, 5]),
      nightsSet: [...new Set([1 + integer(10), 1 + integer(10)])].sort((a, b) => a - b),
      personsSet: [1 + integer(4)],
      priceCents: 1_000 * (1 + integer(20)),
      discountPercent: pick([0, 10, 20, 30]),
      isSoldOut: random() < 0.15,
      createdAt: day(1 + integer(10)),
      de: document(),
      en: document(),
      it: document(),
    }),
  );
  const randomIndex = buildOfferIndex(randomRows);
  const range = (limit: number) => {
    const bounds = [integer(limit + 1), integer(limit + 1)].sort((a, b) => a - b);
    return pick([undefined, {}, { min: bounds[0] }, { max: bounds[1] }, { min: bounds[0], max: bounds[1] }]);
  };
  const term = () => ({
    lexeme: pick(['s', 'se', 'see', 'seen', 'spa', 'wellness', 'tirol', 'ä', '😀', 'x']),
    isPrefix: random() < 0.5,
  });

  it('answers 500 random queries as the SQL semantics say', () => {
    for (let n = 0; n < 500; n++) {
      const query: EngineQuery = {
        brandId: pick([1, 2, 3]),
        locale: pick(['de', 'en', 'it'] as Locale[]),
        text:
          random() < 0.4
            ? null
            : Array.from({ length: integer(3) + (random() < 0.9 ? 1 : 0) }, () =>
                Array.from({ length: 1 + integer(2) }, term),
              ),
        countries: random() < 0.3 ? some(['at', 'IT', 'DE', 'FR']) : undefined,
        themes: random() < 0.3 ? some([1, 2, 3, 6]) : undefined,
        nights: range(10),
        persons: range(4),
        price: random() < 0.3 ? { min: 1_000 * integer(10), max: 1_000 * (10 + integer(10)) } : undefined,
        sort: pick(['relevance', 'price-asc', 'price-desc', 'discount', 'newest'] as const),
        page: 1 + integer(4),
        pageSize: 1 + integer(8),
        facets: random() < 0.7,
      };
      const actual = randomIndex.search(query);
      const expected = searchNaively(randomRows, query);
      const context = JSON.stringify(query);
      expect(actual.ids, context).toEqual(expected.ids);
      expect(actual.total, context).toBe(expected.total);
      expect(actual.facets && sortedFacets(actual.facets), context).toEqual(
        expected.facets && sortedFacets(expected.facets),
      );
    }
  });
});
