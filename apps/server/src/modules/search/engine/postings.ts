import type { TextTerm } from './search-engine.ts';
import { type EncodedPosition, readTsVector, type TsVectorVisitor } from './tsvector-text.ts';

/**
 * The inverted index of one language: for every lexeme, the rows whose document has it and, per row,
 * that lexeme's positions (ts_rank_cd needs them; `@@` alone would not).
 */
export type Postings = {
  /** Sorted by code point, which is PostgreSQL's byte order of lexemes: prefixes are contiguous ranges. */
  lexemes: string[];
  /** Lexeme i's postings are postingStart[i] … postingStart[i + 1] - 1. */
  postingStart: Int32Array;
  /** Row index per posting, ascending within a lexeme. */
  rows: Int32Array;
  positionCounts: Uint16Array;
  /** Lexeme i's positions, posting after posting, start at positionStart[i]. */
  positionStart: Int32Array;
  positions: Uint16Array;
};

/** Code point order (= UTF-8 byte order); plain `<` on strings orders astral characters wrongly. */
export function compareCodePoints(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate !== ySurrogate) return xSurrogate ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** The lexeme indexes a term matches, as [from, to): one lexeme, every lexeme it prefixes, or none. */
export function lexemeRange(postings: Postings, term: TextTerm): [number, number] {
  const { lexemes } = postings;
  let low = 0;
  let high = lexemes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareCodePoints(lexemes[middle]!, term.lexeme) < 0) low = middle + 1;
    else high = middle;
  }
  const from = low;
  if (!term.isPrefix) return lexemes[from] === term.lexeme ? [from, from + 1] : [from, from];
  high = lexemes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (lexemes[middle]!.startsWith(term.lexeme)) low = middle + 1;
    else high = middle;
  }
  return [from, low];
}

type TypedArray = Int32Array | Uint16Array;

/**
 * The postings' arrays live in shared memory: an index built on another thread (index-thread.ts) is
 * handed to the searching thread without copying its largest part.
 */
const sharedInt32 = (length: number) => new Int32Array(new SharedArrayBuffer(length * 4));
const sharedUint16 = (length: number) => new Uint16Array(new SharedArrayBuffer(length * 2));

/** Rows inverted between pauses of a stepwise build. */
const rowsPerStep = 25_000;

const pageBits = 16;
const pageSize = 1 << pageBits;

/**
 * An append-only array in fixed-size pages: growing never copies, so a language's postings in document
 * order take their own size and not up to three times that, as a doubling array's would while it grows.
 */
class PagedArray<T extends TypedArray> {
  readonly pages: T[] = [];
  length = 0;

  constructor(private readonly createPage: (size: number) => T) {}

  push(value: number): void {
    if ((this.length & (pageSize - 1)) === 0) this.pages.push(this.createPage(pageSize));
    this.pages[this.length >>> pageBits]![this.length & (pageSize - 1)] = value;
    this.length++;
  }

  /** Adds one to the last value. */
  incrementLast(): void {
    this.pages[(this.length - 1) >>> pageBits]![(this.length - 1) & (pageSize - 1)]!++;
  }

  last(): number {
    return this.pages[(this.length - 1) >>> pageBits]![(this.length - 1) & (pageSize - 1)]!;
  }
}

/**
 * Lexeme → id without slicing a string per occurrence: 4M lexeme occurrences per language and 100k
 * offers made Map lookups on fresh substrings the slowest part of loading. Open addressing on the
 * reader's hash of the characters, confirmed by comparing them with the stored lexeme.
 */
class LexemeIds {
  readonly lexemes: string[] = [];
  private readonly hashes: number[] = [];
  private slots = new Int32Array(1024).fill(-1);

  idOf(source: string, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]!;
      if (id === -1) return this.add(source.slice(start, end), hash, slot);
      if (this.hashes[id] === hash && this.lexemes[id]!.length === end - start) {
        const lexeme = this.lexemes[id]!;
        let i = 0;
        while (i < lexeme.length && lexeme.charCodeAt(i) === source.charCodeAt(start + i)) i++;
        if (i === lexeme.length) return id;
      }
    }
  }

  private add(lexeme: string, hash: number, slot: number): number {
    const id = this.lexemes.length;
    this.lexemes.push(lexeme);
    this.hashes.push(hash);
    this.slots[slot] = id;
    // At most half full, so probes stay short.
    if (this.lexemes.length * 2 > this.slots.length) {
      this.slots = new Int32Array(this.slots.length * 2).fill(-1);
      const mask = this.slots.length - 1;
      this.hashes.forEach((stored, storedId) => {
        let free = stored & mask;
        while (this.slots[free] !== -1) free = (free + 1) & mask;
        this.slots[free] = storedId;
      });
    }
    return id;
  }
}

/**
 * Collects the documents of one language, row after row, and inverts them. Until build() the postings
 * are kept in document order (lexeme id, position count, positions); build() sorts them by lexeme.
 */
export class PostingsBuilder implements TsVectorVisitor {
  private readonly lexemeIds = new LexemeIds();
  private readonly postingLexemes = new PagedArray((size) => new Int32Array(size));
  private readonly positionCounts = new PagedArray((size) => new Uint16Array(size));
  private readonly positions = new PagedArray((size) => new Uint16Array(size));
  /** Per row, the number of postings up to and including it. */
  private readonly rowPostingEnds: number[] = [];

  /** The next row's document (rows are numbered in the order they are added). */
  addDocument(tsvectorText: string): void {
    readTsVector(tsvectorText, this);
    this.rowPostingEnds.push(this.postingLexemes.length);
  }

  lexeme(source: string, start: number, end: number, hash: number): void {
    this.postingLexemes.push(this.lexemeIds.idOf(source, start, end, hash));
    this.positionCounts.push(0);
  }

  position(encoded: EncodedPosition): void {
    // PostgreSQL keeps at most 256 positions per lexeme; the cap only guards hand-written input.
    if (this.positionCounts.last() === 0xffff) return;
    this.positionCounts.incrementLast();
    this.positions.push(encoded);
  }

  build(): Postings {
    const steps = this.buildSteps();
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /** build() in steps of a few dozen milliseconds for 100k offers (a loader pauses between them). */
  *buildSteps(): Generator<void, Postings, void> {
    const { lexemes } = this.lexemeIds;
    const lexemeCount = lexemes.length;
    const byCodePoint = Array.from({ length: lexemeCount }, (_, id) => id).sort((a, b) =>
      compareCodePoints(lexemes[a]!, lexemes[b]!),
    );
    const sortedIdOf = new Int32Array(lexemeCount);
    for (let i = 0; i < lexemeCount; i++) sortedIdOf[byCodePoint[i]!] = i;

    const postingCount = this.postingLexemes.length;
    const lexemePages = this.postingLexemes.pages;
    const countPages = this.positionCounts.pages;
    const postingStart = sharedInt32(lexemeCount + 1);
    const positionStart = sharedInt32(lexemeCount + 1);
    // The loops walk the pages directly: a method call per element made the build twice as slow.
    for (let k = 0; k < postingCount; k++) {
      const id = sortedIdOf[lexemePages[k >>> pageBits]![k & (pageSize - 1)]!]!;
      postingStart[id + 1]!++;
      positionStart[id + 1]! += countPages[k >>> pageBits]![k & (pageSize - 1)]!;
    }
    for (let i = 0; i < lexemeCount; i++) {
      postingStart[i + 1]! += postingStart[i]!;
      positionStart[i + 1]! += positionStart[i]!;
    }
    yield;

    const rows = sharedInt32(postingCount);
    const positionCounts = sharedUint16(postingCount);
    const positions = sharedUint16(this.positions.length);
    const nextPosting = postingStart.slice(0, lexemeCount);
    const nextPosition = positionStart.slice(0, lexemeCount);
    const positionPages = this.positions.pages;
    let k = 0;
    let flatPosition = 0;
    for (let row = 0; row < this.rowPostingEnds.length; row++) {
      if (row % rowsPerStep === rowsPerStep - 1) yield;
      for (const rowEnd = this.rowPostingEnds[row]!; k < rowEnd; k++) {
        const id = sortedIdOf[lexemePages[k >>> pageBits]![k & (pageSize - 1)]!]!;
        const count = countPages[k >>> pageBits]![k & (pageSize - 1)]!;
        const slot = nextPosting[id]!++;
        rows[slot] = row;
        positionCounts[slot] = count;
        let to = nextPosition[id]!;
        for (const last = flatPosition + count; flatPosition < last; flatPosition++) {
          positions[to++] = positionPages[flatPosition >>> pageBits]![flatPosition & (pageSize - 1)]!;
        }
        nextPosition[id] = to;
      }
    }
    return {
      lexemes: byCodePoint.map((id) => lexemes[id]!),
      postingStart,
      rows,
      positionCounts,
      positionStart,
      positions,
    };
  }
}

/** Postings copied between pauses of a stepwise merge. */
const postingsPerStep = 100_000;

/**
 * `base` with some rows dropped or renumbered and `added` rows merged in: the postings a fresh build of
 * the new rows would make, without reading a document of the rows that stayed. `baseRowTo[row]` is a
 * kept row's new number (ascending with the row, as offer ids are), -1 for a row whose document is gone
 * or replaced; `addedRowTo[row]` numbers the added documents' rows (ascending too).
 */
export function* mergePostingsSteps(
  base: Postings,
  baseRowTo: Int32Array,
  added: Postings,
  addedRowTo: Int32Array,
): Generator<void, Postings, void> {
  const rows = sharedInt32(base.rows.length + added.rows.length);
  const positionCounts = sharedUint16(rows.length);
  const positions = sharedUint16(base.positions.length + added.positions.length);
  const lexemes: string[] = [];
  const postingStart: number[] = [0];
  const positionStart: number[] = [0];
  let posting = 0;
  let position = 0;
  let sinceStep = 0;
  let unmovedBelow = 0;
  while (unmovedBelow < baseRowTo.length && baseRowTo[unmovedBelow] === unmovedBelow) unmovedBelow++;

  // Appends one lexeme's postings from both sides in new row order; a lexeme no row has any more is left out.
  const mergeLexeme = (lexeme: string, b: number, a: number) => {
    let k = b < 0 ? 0 : base.postingStart[b]!;
    const kEnd = b < 0 ? 0 : base.postingStart[b + 1]!;
    let kPosition = b < 0 ? 0 : base.positionStart[b]!;
    let j = a < 0 ? 0 : added.postingStart[a]!;
    const jEnd = a < 0 ? 0 : added.postingStart[a + 1]!;
    let jPosition = a < 0 ? 0 : added.positionStart[a]!;
    const first = posting;
    sinceStep += kEnd - k + jEnd - j;
    // Rows below `unmovedBelow` keep their numbers and come before every added row: copied in bulk, which
    // is nearly everything when the change is new offers (the highest ids) or a few late ones.
    let prefixEnd = k;
    for (let high = kEnd; prefixEnd < high; ) {
      const middle = (prefixEnd + high) >>> 1;
      if (base.rows[middle]! < unmovedBelow) prefixEnd = middle + 1;
      else high = middle;
    }
    if (prefixEnd > k) {
      let positionEnd = kPosition;
      if (prefixEnd === kEnd) positionEnd = base.positionStart[b + 1]!;
      else for (let p = k; p < prefixEnd; p++) positionEnd += base.positionCounts[p]!;
      rows.set(base.rows.subarray(k, prefixEnd), posting);
      positionCounts.set(base.positionCounts.subarray(k, prefixEnd), posting);
      positions.set(base.positions.subarray(kPosition, positionEnd), position);
      posting += prefixEnd - k;
      position += positionEnd - kPosition;
      k = prefixEnd;
      kPosition = positionEnd;
    }
    for (;;) {
      while (k < kEnd && baseRowTo[base.rows[k]!]! < 0) kPosition += base.positionCounts[k++]!;
      const baseRow = k < kEnd ? baseRowTo[base.rows[k]!]! : -1;
      const addedRow = j < jEnd ? addedRowTo[added.rows[j]!]! : -1;
      if (baseRow < 0 && addedRow < 0) break;
      if (addedRow < 0 || (baseRow >= 0 && baseRow < addedRow)) {
        const count = base.positionCounts[k++]!;
        rows[posting] = baseRow;
        positionCounts[posting++] = count;
        // A loop, not set(subarray()): most postings hold one or two positions, and a view each costs more.
        for (let end = kPosition + count; kPosition < end; )
          positions[position++] = base.positions[kPosition++]!;
      } else {
        const count = added.positionCounts[j++]!;
        rows[posting] = addedRow;
        positionCounts[posting++] = count;
        for (let end = jPosition + count; jPosition < end; )
          positions[position++] = added.positions[jPosition++]!;
      }
    }
    if (posting === first) return;
    lexemes.push(lexeme);
    postingStart.push(posting);
    positionStart.push(position);
  };

  let b = 0;
  let a = 0;
  while (b < base.lexemes.length || a < added.lexemes.length) {
    const order =
      b === base.lexemes.length
        ? 1
        : a === added.lexemes.length
          ? -1
          : compareCodePoints(base.lexemes[b]!, added.lexemes[a]!);
    if (order < 0) mergeLexeme(base.lexemes[b]!, b++, -1);
    else if (order > 0) mergeLexeme(added.lexemes[a]!, -1, a++);
    else mergeLexeme(base.lexemes[b]!, b++, a++);
    if (sinceStep >= postingsPerStep) {
      sinceStep = 0;
      yield;
    }
  }
  const starts = (values: number[]) => {
    const array = sharedInt32(values.length);
    array.set(values);
    return array;
  };
  // Views of the first part: what a removed row held stays unused until the next full load.
  return {
    lexemes,
    postingStart: starts(postingStart),
    rows: rows.subarray(0, posting),
    positionCounts: positionCounts.subarray(0, posting),
    positionStart: starts(positionStart),
    positions: positions.subarray(0, position),
  };
}
