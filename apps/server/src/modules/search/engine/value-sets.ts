import { addRow, type RowBits, rowBitsFor, unionOf } from './row-bits.ts';

export type ValueSetsParts = {
  values: number[];
  wordsPerRow: number;
  words: Uint32Array;
  rowsWith: RowBits[];
};

/**
 * A small set of integers per row (theme ids, nights, persons), held both ways: per value the rows that
 * have it (a refinement is the union of a few of those), per row a bit mask over the column's distinct
 * values (facets count those).
 */
export class ValueSets {
  private constructor(
    /** The distinct values, ascending; bit i of a row's mask stands for values[i]. */
    readonly values: number[],
    readonly wordsPerRow: number,
    /** Row r's mask is words[r * wordsPerRow …]. */
    readonly words: Uint32Array,
    private readonly rowsWith: RowBits[],
  ) {}

  /** Plain data, for another thread (OfferIndex.parts). */
  parts(): ValueSetsParts {
    return { values: this.values, wordsPerRow: this.wordsPerRow, words: this.words, rowsWith: this.rowsWith };
  }

  static fromParts(parts: ValueSetsParts): ValueSets {
    return new ValueSets(parts.values, parts.wordsPerRow, parts.words, parts.rowsWith);
  }

  static build(setsPerRow: readonly (readonly number[])[]): ValueSets {
    const distinct = new Set<number>();
    for (const set of setsPerRow) for (const value of set) distinct.add(value);
    const values = [...distinct].sort((a, b) => a - b);
    const bitOf = new Map(values.map((value, bit) => [value, bit]));
    const wordsPerRow = Math.max(1, Math.ceil(values.length / 32));
    const words = new Uint32Array(setsPerRow.length * wordsPerRow);
    const rowsWith = values.map(() => rowBitsFor(setsPerRow.length));
    setsPerRow.forEach((set, row) => {
      for (const value of set) {
        const bit = bitOf.get(value)!;
        words[row * wordsPerRow + (bit >>> 5)]! |= 1 << (bit & 31);
        addRow(rowsWith[bit]!, row);
      }
    });
    return new ValueSets(values, wordsPerRow, words, rowsWith);
  }

  /** Into `into`: the rows having some value that satisfies `accept`. */
  rowsWithAny(accept: (value: number) => boolean, into: RowBits): RowBits {
    return unionOf(
      this.rowsWith.filter((_, bit) => accept(this.values[bit]!)),
      into,
    );
  }

  /** Adds one to counts[bit] for every value the row has. */
  count(row: number, counts: Int32Array): void {
    const base = row * this.wordsPerRow;
    for (let w = 0; w < this.wordsPerRow; w++) {
      let bits = this.words[base + w]!;
      while (bits !== 0) {
        const lowest = bits & -bits;
        counts[(w << 5) + 31 - Math.clz32(lowest)]!++;
        bits ^= lowest;
      }
    }
  }
}

/** Up to this many distinct values, rows are counted per whole mask (2^12 counters at most). */
const maxValuesCountedByMask = 12;

/**
 * Counts rows per value of a ValueSets column. With few values it counts each row's whole mask, one
 * increment per row, and spreads those counts over the values once at the end; that made facet counting
 * of a 100k-offer browse several times faster than walking every row's bits.
 */
export class ValueCounter {
  private readonly byMask: Int32Array | null;
  private readonly byValue: Int32Array;
  private readonly masks: Uint32Array;

  constructor(private readonly sets: ValueSets) {
    const { values } = sets;
    this.byMask = values.length <= maxValuesCountedByMask ? new Int32Array(2 ** values.length) : null;
    this.byValue = new Int32Array(values.length);
    this.masks = sets.words;
  }

  add(row: number): void {
    if (this.byMask !== null) this.byMask[this.masks[row]!]!++;
    else this.sets.count(row, this.byValue);
  }

  /** [value, count] for every value counted at least once. */
  counted(): { key: number; count: number }[] {
    const { byMask, byValue } = this;
    if (byMask !== null) {
      byMask.forEach((count, mask) => {
        for (let bits = mask; bits !== 0; bits &= bits - 1) byValue[31 - Math.clz32(bits & -bits)]! += count;
      });
    }
    const rows: { key: number; count: number }[] = [];
    this.sets.values.forEach((value, bit) => {
      if (byValue[bit]! > 0) rows.push({ key: value, count: byValue[bit]! });
    });
    return rows;
  }
}
