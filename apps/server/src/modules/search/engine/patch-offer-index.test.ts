import type { Locale } from '@shop/contracts/locale';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOfferIndex, type OfferRow } from './offer-index.ts';
import { patchSteps } from './patch-offer-index.ts';
import { compareCodePoints } from './postings.ts';

const vocabulary = ['see', 'seeblick', 'seen', 'ski', 'spa', 'sauna', 'wellness', 'tirol', 'ä', '😀'];

/** A tsvector as PostgreSQL prints it: lexemes in byte order, positions ascending, weight D unwritten. */
const tsvector = fc
  .uniqueArray(
    fc.record({
      lexeme: fc.constantFrom(...vocabulary),
      positions: fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 3 }),
      weight: fc.constantFrom('A', 'B', 'C', ''),
    }),
    { selector: (entry) => entry.lexeme, maxLength: 6 },
  )
  .map((entries) =>
    entries
      .sort((a, b) => compareCodePoints(a.lexeme, b.lexeme))
      .map(
        ({ lexeme, positions, weight }) =>
          `'${lexeme}':${positions
            .sort((a, b) => a - b)
            .map((position) => `${position}${weight}`)
            .join(',')}`,
      )
      .join(' '),
  );

const documents = fc.record({ de: tsvector, en: tsvector, it: tsvector });

const facts = fc.record({
  brandId: fc.constantFrom(null, null, 2, 3),
  countryIso: fc.constantFrom('AT', 'IT', 'DE'),
  themeIds: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }).map((ids) => ids.sort()),
  nightsSet: fc
    .uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 3 })
    .map((n) => n.sort()),
  personsSet: fc
    .uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 })
    .map((n) => n.sort()),
  priceCents: fc.integer({ min: 1, max: 50 }).map((euros) => euros * 1_000),
  discountPercent: fc.constantFrom(0, 10, 30),
  isSoldOut: fc.boolean(),
  createdAt: fc.integer({ min: 1, max: 9 }).map((day) => Date.UTC(2025, 0, day) * 1000),
});

/** What happens to one offer between two snapshots. */
const fate = fc.oneof(
  fc.constant({ kind: 'kept' as const }),
  fc.constant({ kind: 'removed' as const }),
  fc.record({ kind: fc.constant('facts' as const), facts }),
  fc.record({ kind: fc.constant('text' as const), documents }),
  // A document re-read although it did not change (its hash moved with another language's text).
  fc.constant({ kind: 'reread' as const }),
);

const catalogue = fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 60 }).chain((ids) =>
  fc
    .tuple(
      fc.array(fc.record({ facts, documents }), { minLength: ids.length, maxLength: ids.length }),
      fc.array(fate, { minLength: ids.length, maxLength: ids.length }),
      // New offers, anywhere in the id order (an import may reuse a gap).
      fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 20 }),
      fc.array(fc.record({ facts, documents }), { minLength: 20, maxLength: 20 }),
    )
    .map(([rows, fates, newIds, newRows]) => {
      const sorted = [...ids].sort((a, b) => a - b);
      const before: OfferRow[] = sorted.map((offerId, i) => ({
        offerId,
        ...rows[i]!.facts,
        documents: rows[i]!.documents,
      }));
      const after = new Map<number, OfferRow>();
      const reread = new Map<number, Record<Locale, string>>();
      before.forEach((row, i) => {
        const change = fates[i]!;
        if (change.kind === 'removed') return;
        if (change.kind === 'facts') after.set(row.offerId, { ...row, ...change.facts });
        else if (change.kind === 'text') {
          after.set(row.offerId, { ...row, documents: change.documents });
          reread.set(row.offerId, change.documents);
        } else after.set(row.offerId, row);
        if (change.kind === 'reread') reread.set(row.offerId, row.documents);
      });
      newIds.forEach((offerId, i) => {
        if (after.has(offerId) || before.some((row) => row.offerId === offerId)) return;
        after.set(offerId, { offerId, ...newRows[i]!.facts, documents: newRows[i]!.documents });
        reread.set(offerId, newRows[i]!.documents);
      });
      return { before, after: [...after.values()].sort((a, b) => a.offerId - b.offerId), reread };
    }),
);

function patch(before: OfferRow[], rows: OfferRow[], reread: Map<number, Record<Locale, string>>) {
  const steps = patchSteps(
    { index: buildOfferIndex(before), facts: before.map(({ documents: _, ...rest }) => rest) },
    rows.map(({ documents: _, ...rest }) => rest),
    reread,
  );
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

describe('taking a catalogue change into the search index', () => {
  it('makes the index a build from scratch of the new rows would make', () => {
    fc.assert(
      fc.property(catalogue, ({ before, after, reread }) => {
        const patched = patch(before, after, reread);
        expect(patched).toEqual(buildOfferIndex(after));
      }),
      { numRuns: 300 },
    );
  });

  it('finds a new offer by its words and a changed one by its new words only', () => {
    const row = (offerId: number, de: string): OfferRow => ({
      offerId,
      brandId: null,
      countryIso: 'AT',
      themeIds: [],
      nightsSet: [2],
      personsSet: [2],
      priceCents: 10_000,
      discountPercent: 0,
      isSoldOut: false,
      createdAt: 0,
      documents: { de, en: '', it: '' },
    });
    const before = [row(1, "'see':1A"), row(2, "'tirol':1A")];
    const after = [row(1, "'ski':1A"), row(2, "'tirol':1A"), row(3, "'see':2B")];
    const patched = patch(before, after, new Map([1, 3].map((id) => [id, after[id - 1]!.documents])));
    const find = (lexeme: string) =>
      patched.search({
        brandId: 1,
        locale: 'de',
        text: [[{ lexeme, isPrefix: false }]],
        sort: 'relevance',
        page: 1,
        pageSize: 10,
        facets: false,
      }).ids;
    expect(find('see')).toEqual([3]);
    expect(find('ski')).toEqual([1]);
    expect(find('tirol')).toEqual([2]);
  });

  it('refuses an offer it has no documents of', () => {
    const { documents: _, ...facts } = {
      offerId: 1,
      brandId: null,
      countryIso: 'AT',
      themeIds: [],
      nightsSet: [2],
      personsSet: [2],
      priceCents: 1,
      discountPercent: 0,
      isSoldOut: false,
      createdAt: 0,
      documents: null,
    };
    expect(() => patchSteps({ index: buildOfferIndex([]), facts: [] }, [facts], new Map()).next()).toThrow(
      /without its documents/,
    );
  });
});
