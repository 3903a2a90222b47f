import { type Locale, locales } from '@shop/contracts/locale';
import { type Postings, PostingsBuilder } from './postings.ts';
import {
  compileRefinements,
  everyBrand,
  filterAndCount,
  type OfferColumns,
  type RefinementScratch,
  refinementScratch,
} from './refinements.ts';
import { addRow, hasRow, type RowBits, rowBitsFor } from './row-bits.ts';
import type { EngineQuery, EngineResult, FacetRows, TextQuery } from './search-engine.ts';
import {
  type FixedSort,
  fixedSorts,
  pageInOrder,
  rowsByKey,
  type SortOrder,
  sortOrder,
} from './sort-orders.ts';
import { type MatchedLexemes, matchText, rankMatches, ScoringScratch } from './text-match.ts';
import { TopK } from './top-k.ts';
import { ValueSets, type ValueSetsParts } from './value-sets.ts';

/** One offer_search row as the index is built from it. */
export type OfferRow = {
  offerId: number;
  /** Null: the offer belongs to every brand. */
  brandId: number | null;
  countryIso: string;
  themeIds: number[];
  nightsSet: number[];
  personsSet: number[];
  priceCents: number;
  discountPercent: number;
  isSoldOut: boolean;
  /** Microseconds since the epoch: PostgreSQL's precision, so that "newest" ties as it does in SQL. */
  createdAt: number;
  /** The document of each language as PostgreSQL prints a tsvector. */
  documents: Record<Locale, string>;
};

/** An offer_search row without its documents: what the index's columns and sort orders are made of. */
export type OfferFacts = Omit<OfferRow, 'documents'>;

const emptyFacets = (): FacetRows => ({ countries: [], themes: [], nights: [], persons: [], price: null });

const float32 = new Float32Array(1);
const float32Bits = new Uint32Array(float32.buffer);

/**
 * A rank as an orderable number: sold-out rows after all others, then rows where every word matched as
 * a whole word before those that only matched as the start of a longer one ("roma" finds Rome before
 * "romantico"), higher scores first. A non-negative float32's bit pattern grows with its value, so the
 * key is exact where float arithmetic would not be.
 */
function relevanceKey(isSoldOut: number, isWholeWord: boolean, score: number): number {
  float32[0] = score;
  return isSoldOut * 2 ** 33 + (isWholeWord ? 0 : 2 ** 32) + (0xffffffff - float32Bits[0]!);
}

/** The same query with every word taken whole: its matches rank first (see relevanceKey). */
export function wholeWords(text: TextQuery): TextQuery {
  return text.map((group) => group.map((term) => ({ lexeme: term.lexeme, isPrefix: false })));
}

export type IndexParts = {
  columns: Omit<OfferColumns, 'themes' | 'nights' | 'persons'> &
    Record<'themes' | 'nights' | 'persons', ValueSetsParts>;
  orders: Record<FixedSort, SortOrder>;
  /** Each language's lexemes joined by U+0000, which no PostgreSQL text holds. */
  postings: Record<Locale, Omit<Postings, 'lexemes'> & { lexemes: string }>;
  brandCatalogues: Map<number, BrandCatalogue>;
};

/** What a brand sees without text or refinements: the most frequent search (every listing page). */
type BrandCatalogue = { visible: RowBits; total: number; facets: FacetRows };

/** The read-only search index of one snapshot of offer_search; built by OfferIndexBuilder. */
export class OfferIndex {
  private readonly brandCatalogues = new Map<number, BrandCatalogue>();
  private readonly owningBrands: Set<number>;
  // Scratch row bit sets and lists, reused: JavaScript runs one search at a time.
  private readonly candidates: RowBits;
  private readonly groupBits: RowBits;
  private readonly matchedBits: RowBits;
  private readonly placeBits: RowBits;
  private readonly wholeWordBits: RowBits;
  private readonly matchedRows: Int32Array;
  private readonly scoring: ScoringScratch;
  private readonly refinementRows: RefinementScratch;

  constructor(
    private readonly columns: OfferColumns,
    private readonly orders: Record<FixedSort, SortOrder>,
    readonly postings: Readonly<Record<Locale, Postings>>,
  ) {
    const rowCount = columns.offerIds.length;
    this.owningBrands = new Set(columns.brandIds);
    this.candidates = rowBitsFor(rowCount);
    this.groupBits = rowBitsFor(rowCount);
    this.matchedBits = rowBitsFor(rowCount);
    this.placeBits = rowBitsFor(rowCount);
    this.wholeWordBits = rowBitsFor(rowCount);
    this.matchedRows = new Int32Array(rowCount);
    this.scoring = new ScoringScratch(rowCount);
    this.refinementRows = refinementScratch(rowCount);
  }

  get size(): number {
    return this.columns.offerIds.length;
  }

  /**
   * What the index is made of, as plain data another thread can be sent (index-thread.ts). The postings
   * are in shared memory and cross without a copy; the columns and orders are a few MB at 100k offers.
   */
  parts(): IndexParts {
    // Every brand's browse is computed here, on the building thread, not by the first searches after.
    for (const brandId of [...this.owningBrands, everyBrand]) this.brandCatalogue(brandId);
    const { themes, nights, persons, ...columns } = this.columns;
    const postings = {} as IndexParts['postings'];
    for (const locale of locales) {
      // One string crosses in a copy; a hundred thousand strings would each be cloned and allocated.
      postings[locale] = { ...this.postings[locale], lexemes: this.postings[locale].lexemes.join('\0') };
    }
    return {
      columns: { ...columns, themes: themes.parts(), nights: nights.parts(), persons: persons.parts() },
      orders: this.orders,
      postings,
      brandCatalogues: this.brandCatalogues,
    };
  }

  static fromParts(parts: IndexParts): OfferIndex {
    const { themes, nights, persons, ...columns } = parts.columns;
    const postings = {} as Record<Locale, Postings>;
    for (const locale of locales) {
      const { lexemes, ...arrays } = parts.postings[locale];
      postings[locale] = { ...arrays, lexemes: lexemes === '' ? [] : lexemes.split('\0') };
    }
    const index = new OfferIndex(
      {
        ...columns,
        themes: ValueSets.fromParts(themes),
        nights: ValueSets.fromParts(nights),
        persons: ValueSets.fromParts(persons),
      },
      parts.orders,
      postings,
    );
    for (const [brandId, catalogue] of parts.brandCatalogues) index.brandCatalogues.set(brandId, catalogue);
    return index;
  }

  /** Rows, total and facets of a brand, once per brand that owns rows; other brands share the rest. */
  private brandCatalogue(brandId: number): BrandCatalogue {
    const key = this.owningBrands.has(brandId) ? brandId : everyBrand;
    let catalogue = this.brandCatalogues.get(key);
    if (!catalogue) {
      const visible = rowBitsFor(this.size);
      this.columns.brandIds.forEach((owner, row) => {
        if (owner === everyBrand || owner === key) addRow(visible, row);
      });
      const { total, facets } = filterAndCount(this.columns, visible, null, this.matchedBits, true);
      catalogue = { visible, total, facets: facets! };
      this.brandCatalogues.set(key, catalogue);
    }
    return catalogue;
  }

  search(query: EngineQuery): EngineResult {
    const catalogue = this.brandCatalogue(query.brandId);
    const refinements = compileRefinements(this.columns, query, this.refinementRows);
    let matched: RowBits;
    let total: number;
    let facets: FacetRows | null;
    let lexemes: MatchedLexemes | null = null;
    if (!query.text && !refinements) {
      ({ visible: matched, total } = catalogue);
      facets = query.facets ? structuredClone(catalogue.facets) : null;
    } else {
      const { candidates } = this;
      if (query.text) {
        lexemes = matchText(this.postings[query.locale], query.text, candidates, this.groupBits);
        if (!lexemes) return { ids: [], total: 0, facets: query.facets ? emptyFacets() : null };
        for (let w = 0; w < candidates.length; w++) candidates[w]! &= catalogue.visible[w]!;
      } else {
        candidates.set(catalogue.visible);
      }
      matched = this.matchedBits;
      ({ total, facets } = filterAndCount(this.columns, candidates, refinements, matched, query.facets));
    }

    const offset = (query.page - 1) * query.pageSize;
    let rows: number[] = [];
    if (offset < total) {
      rows =
        lexemes && query.sort === 'relevance'
          ? this.mostRelevant(query, lexemes, matched, total, offset)
          : pageInOrder(
              this.orders[query.sort === 'relevance' ? 'discount' : query.sort],
              matched,
              total,
              offset,
              query.pageSize,
              this.placeBits,
            );
    }
    return { ids: rows.map((row) => this.columns.offerIds[row]!), total, facets };
  }

  /** A page of the matched rows by ts_rank_cd (sold-out last, then offer id), through a bounded heap. */
  private mostRelevant(
    query: EngineQuery,
    lexemes: MatchedLexemes,
    matched: RowBits,
    total: number,
    offset: number,
  ): number[] {
    const { matchedRows } = this;
    const { isSoldOut } = this.columns;
    let count = 0;
    for (let w = 0; w < matched.length; w++) {
      for (let bits = matched[w]!; bits !== 0; ) {
        const lowest = bits & -bits;
        bits ^= lowest;
        matchedRows[count++] = (w << 5) + 31 - Math.clz32(lowest);
      }
    }
    const postings = this.postings[query.locale];
    const scores = rankMatches(
      postings,
      lexemes,
      query.text!.length,
      matched,
      matchedRows,
      total,
      this.scoring,
    );
    const { wholeWordBits } = this;
    const hasWholeWords =
      matchText(postings, wholeWords(query.text!), wholeWordBits, this.groupBits) !== null;
    const top = new TopK(Math.min(offset + query.pageSize, total));
    for (let i = 0; i < total; i++) {
      const row = matchedRows[i]!;
      top.offer(
        relevanceKey(isSoldOut[row]!, hasWholeWords && hasRow(wholeWordBits, row), scores[row]!),
        row,
      );
    }
    return top.takeSorted().slice(offset);
  }
}

/** Collects offer_search rows in offer id order, then builds the index (documents one language at a time). */
export class OfferIndexBuilder {
  private readonly rows: OfferFacts[] = [];
  private readonly postings = new Map<Locale, PostingsBuilder>(
    locales.map((locale) => [locale, new PostingsBuilder()]),
  );

  /** The rows added so far, without their documents. */
  get facts(): readonly OfferFacts[] {
    return this.rows;
  }

  add(row: OfferRow): void {
    const previous = this.rows.at(-1);
    if (previous && previous.offerId >= row.offerId)
      throw new Error('offer rows must come in offer id order');
    if (this.postings.size < locales.length) throw new Error('offer rows must come before the build');
    const { documents, ...columns } = row;
    this.rows.push(columns);
    for (const locale of locales) this.postings.get(locale)!.addDocument(documents[locale]);
  }

  /**
   * The build, step by step: each step takes up to a few dozen milliseconds for 100k offers, and a
   * loader pauses at every yield so that searches go on meanwhile.
   */
  *buildSteps(): Generator<void, OfferIndex, void> {
    const postings = {} as Record<Locale, Postings>;
    for (const locale of locales) {
      postings[locale] = yield* this.postings.get(locale)!.buildSteps();
      // The document-order buffers are as large as the postings: let them go before the next language.
      this.postings.delete(locale);
    }
    return yield* indexSteps(this.rows, postings);
  }

  build(): OfferIndex {
    const steps = this.buildSteps();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }
}

/**
 * The index over `rows` (in offer id order) and their languages' postings: the columns refinements and
 * facets read and the fixed sort orders, in steps of a few dozen milliseconds for 100k offers.
 */
export function* indexSteps(
  rows: readonly OfferFacts[],
  postings: Record<Locale, Postings>,
): Generator<void, OfferIndex, void> {
  const countries = [...new Set(rows.map((row) => row.countryIso))].sort();
  const countryIndex = new Map(countries.map((iso, index) => [iso, index]));
  const countryOf = Uint16Array.from(rows, (row) => countryIndex.get(row.countryIso)!);
  const rowsInCountry = countries.map(() => rowBitsFor(rows.length));
  for (let row = 0; row < rows.length; row++) addRow(rowsInCountry[countryOf[row]!]!, row);
  yield;
  const priceCents = Int32Array.from(rows, (row) => row.priceCents);
  const lowestPrice = priceCents.reduce((lowest, price) => Math.min(lowest, price), 0);
  const rowsByPrice = rowsByKey(
    rows.length,
    (row) => priceCents[row]! - lowestPrice,
    priceCents.reduce((highest, price) => Math.max(highest, price), 0) - lowestPrice + 1,
  );
  yield;
  const themes = ValueSets.build(rows.map((row) => row.themeIds));
  yield;
  const nights = ValueSets.build(rows.map((row) => row.nightsSet));
  yield;
  const persons = ValueSets.build(rows.map((row) => row.personsSet));
  yield;
  const offerIds = Int32Array.from(rows, (row) => row.offerId);
  const brandIds = Int32Array.from(rows, (row) => row.brandId ?? everyBrand);
  yield;
  const columns: OfferColumns = {
    offerIds,
    brandIds,
    countries,
    countryOf,
    rowsInCountry,
    themes,
    nights,
    persons,
    priceCents,
    rowsByPrice,
    pricesAscending: rowsByPrice.map((row) => priceCents[row]!),
    isSoldOut: Uint8Array.from(rows, (row) => Number(row.isSoldOut)),
  };
  yield;
  const sortColumns = {
    isSoldOut: columns.isSoldOut,
    priceCents,
    discountPercent: Int16Array.from(rows, (row) => row.discountPercent),
    createdAt: Float64Array.from(rows, (row) => row.createdAt),
  };
  const orders = {} as Record<FixedSort, SortOrder>;
  for (const sort of fixedSorts) {
    orders[sort] = sortOrder(sortColumns, sort);
    yield;
  }
  return new OfferIndex(columns, orders, postings);
}

export function buildOfferIndex(rows: Iterable<OfferRow>): OfferIndex {
  const builder = new OfferIndexBuilder();
  for (const row of rows) builder.add(row);
  return builder.build();
}
