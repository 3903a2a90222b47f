import type { ParsedSearchRequest } from '@shop/contracts/catalogue';
import { bitCount, hasRow, type RowBits } from './row-bits.ts';

/** The sorts whose order does not depend on the query (relevance without text is "discount"). */
export type FixedSort = Exclude<ParsedSearchRequest['sort'], 'relevance'>;
export const fixedSorts: readonly FixedSort[] = ['price-asc', 'price-desc', 'discount', 'newest'];

export type SortColumns = {
  isSoldOut: Uint8Array;
  priceCents: Int32Array;
  discountPercent: Int16Array;
  /** Microseconds since the epoch. */
  createdAt: Float64Array;
};

/** A fixed sort as a permutation: rowAt[place] is the row at that place, rankOf[row] its place. */
export type SortOrder = { rowAt: Int32Array; rankOf: Int32Array };

/**
 * A fixed sort of the rows, computed once per snapshot, so that a search needs no comparisons: it marks
 * the places of its matches and reads a page off in place order. Sold-out rows come last and the offer
 * id breaks ties, as in SQL; rows are in offer id order, so the row index stands for the offer id.
 */
export function sortOrder(columns: SortColumns, sort: FixedSort): SortOrder {
  const { isSoldOut, priceCents, discountPercent, createdAt } = columns;
  const byKey: Record<FixedSort, (a: number, b: number) => number> = {
    'price-asc': (a, b) => priceCents[a]! - priceCents[b]!,
    'price-desc': (a, b) => priceCents[b]! - priceCents[a]!,
    discount: (a, b) => discountPercent[b]! - discountPercent[a]! || priceCents[a]! - priceCents[b]!,
    // Compared, not subtracted: a timestamp may be ±infinity.
    newest: (a, b) => Number(createdAt[a]! < createdAt[b]!) - Number(createdAt[a]! > createdAt[b]!),
  };
  const compare = byKey[sort];
  const rowCount = isSoldOut.length;
  const rowAt = new Int32Array(rowCount);
  for (let row = 0; row < rowCount; row++) rowAt[row] = row;
  rowAt.sort((a, b) => isSoldOut[a]! - isSoldOut[b]! || compare(a, b) || a - b);
  const rankOf = new Int32Array(rowCount);
  for (let place = 0; place < rowCount; place++) rankOf[rowAt[place]!] = place;
  return { rowAt, rankOf };
}

/**
 * The matched rows offset … offset + count - 1 in the order, without sorting the matches: when matches
 * are dense, walk the order from the top until the page is full; otherwise mark each match's place and
 * read the page off the marks, skipping whole words of places by their bit count.
 */
export function pageInOrder(
  order: SortOrder,
  matched: RowBits,
  total: number,
  offset: number,
  count: number,
  placeBits: RowBits,
): number[] {
  const { rowAt, rankOf } = order;
  const rows: number[] = [];
  const expectedWalk = ((offset + count) * rowAt.length) / total;
  if (expectedWalk < total) {
    let skip = offset;
    for (let place = 0; place < rowAt.length && rows.length < count; place++) {
      const row = rowAt[place]!;
      if (!hasRow(matched, row)) continue;
      if (skip > 0) skip--;
      else rows.push(row);
    }
    return rows;
  }

  placeBits.fill(0);
  for (let w = 0; w < matched.length; w++) {
    for (let bits = matched[w]!; bits !== 0; ) {
      const lowest = bits & -bits;
      bits ^= lowest;
      const place = rankOf[(w << 5) + 31 - Math.clz32(lowest)]!;
      placeBits[place >>> 5]! |= 1 << (place & 31);
    }
  }
  let skip = offset;
  for (let w = 0; w < placeBits.length && rows.length < count; w++) {
    let bits = placeBits[w]!;
    if (bits === 0) continue;
    const marked = bitCount(bits);
    if (skip >= marked) {
      skip -= marked;
      continue;
    }
    while (bits !== 0 && rows.length < count) {
      const lowest = bits & -bits;
      bits ^= lowest;
      if (skip > 0) skip--;
      else rows.push(rowAt[(w << 5) + 31 - Math.clz32(lowest)]!);
    }
  }
  return rows;
}
