/** A set of rows as bits: row r is bit (r & 31) of word (r >>> 5). */
export type RowBits = Uint32Array;

export const rowBitsFor = (rowCount: number): RowBits => new Uint32Array(Math.ceil(rowCount / 32));

export function addRow(bits: RowBits, row: number): void {
  bits[row >>> 5]! |= 1 << (row & 31);
}

export function hasRow(bits: RowBits, row: number): boolean {
  return (bits[row >>> 5]! & (1 << (row & 31))) !== 0;
}

/** The number of set bits of a 32-bit word (JavaScript has no popcount). */
export function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** `into` becomes the union of `sets` (empty when there are none). */
export function unionOf(sets: readonly RowBits[], into: RowBits): RowBits {
  into.fill(0);
  for (const set of sets) {
    for (let w = 0; w < into.length; w++) into[w]! |= set[w]!;
  }
  return into;
}
