import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedSorts, type SortColumns, sortOrder } from './sort-orders.ts';

/** The orders as SQL states them: sold-out last, the sort's key, then the offer id (row). */
function compared(columns: SortColumns, sort: (typeof fixedSorts)[number]): number[] {
  const { isSoldOut, priceCents, discountPercent, createdAt } = columns;
  const byKey = {
    'price-asc': (a: number, b: number) => priceCents[a]! - priceCents[b]!,
    'price-desc': (a: number, b: number) => priceCents[b]! - priceCents[a]!,
    discount: (a: number, b: number) =>
      discountPercent[b]! - discountPercent[a]! || priceCents[a]! - priceCents[b]!,
    newest: (a: number, b: number) =>
      Number(createdAt[a]! < createdAt[b]!) - Number(createdAt[a]! > createdAt[b]!),
  }[sort];
  return Array.from(isSoldOut, (_, row) => row).sort(
    (a, b) => isSoldOut[a]! - isSoldOut[b]! || byKey(a, b) || a - b,
  );
}

const rows = (prices: fc.Arbitrary<number>) =>
  fc
    .array(
      fc.record({
        soldOut: fc.boolean(),
        price: prices,
        discount: fc.integer({ min: 0, max: 70 }),
        created: fc.oneof(
          fc.integer({ min: 0, max: 5 }).map((day) => Date.UTC(2025, 0, 1 + day) * 1000),
          fc.constantFrom(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
        ),
      }),
      { maxLength: 200 },
    )
    .map((list) => ({
      isSoldOut: Uint8Array.from(list, (row) => Number(row.soldOut)),
      priceCents: Int32Array.from(list, (row) => row.price),
      discountPercent: Int16Array.from(list, (row) => row.discount),
      createdAt: Float64Array.from(list, (row) => row.created),
    }));

describe('the fixed sort orders', () => {
  it.each([
    ['everyday prices (packed keys)', fc.integer({ min: 0, max: 50 }).map((euros) => euros * 1000)],
    ['prices too far apart to pack with the row (compared)', fc.constantFrom(0, 1, 2_000_000_000)],
  ])('are the orders SQL states, for %s', (_, prices) => {
    fc.assert(
      fc.property(rows(prices), (columns) => {
        for (const sort of fixedSorts) {
          const { rowAt, rankOf } = sortOrder(columns, sort);
          expect(Array.from(rowAt)).toEqual(compared(columns, sort));
          expect(Array.from(rowAt, (row) => rankOf[row])).toEqual(Array.from(rowAt, (_, place) => place));
        }
      }),
      { numRuns: 200 },
    );
  });
});
