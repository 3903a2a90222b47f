import { coverDensityRank, type MatchedPositions, weightOfClass } from './cover-density.ts';
import { lexemeRange, type Postings } from './postings.ts';
import { addRow, hasRow, type RowBits } from './row-bits.ts';
import type { TextQuery } from './search-engine.ts';
import { positionOf, weightClassOf } from './tsvector-text.ts';

/** Every lexeme a text query matches, with the bit set of the groups it satisfies (bit g = group g). */
export type MatchedLexemes = Map<number, number>;

/** Group bit sets are small integers; the search box sends at most eight words. */
export const maxTextGroups = 30;

function markRows(postings: Postings, lexeme: number, bits: RowBits): void {
  const { rows, postingStart } = postings;
  for (let k = postingStart[lexeme]!, end = postingStart[lexeme + 1]!; k < end; k++) {
    addRow(bits, rows[k]!);
  }
}

/**
 * Sets in `rowBits` the rows whose document matches every group of the query (a row bit set, cleared
 * here), using `groupBits` as scratch. Returns the matched lexemes, or null when no row can match.
 */
export function matchText(
  postings: Postings,
  text: TextQuery,
  rowBits: RowBits,
  groupBits: RowBits,
): MatchedLexemes | null {
  // No groups: every word was a stop word, and PostgreSQL's empty tsquery matches nothing.
  if (text.length === 0) return null;
  if (text.length > maxTextGroups) throw new Error(`a text query has at most ${maxTextGroups} groups`);
  const matched: MatchedLexemes = new Map();
  const lexemesOfGroup = text.map((group, g) => {
    const lexemes = new Set<number>();
    for (const term of group) {
      const [from, to] = lexemeRange(postings, term);
      for (let lexeme = from; lexeme < to; lexeme++) {
        lexemes.add(lexeme);
        matched.set(lexeme, (matched.get(lexeme) ?? 0) | (1 << g));
      }
    }
    return lexemes;
  });
  if (lexemesOfGroup.some((lexemes) => lexemes.size === 0)) return null;

  rowBits.fill(0);
  for (const lexeme of lexemesOfGroup[0]!) markRows(postings, lexeme, rowBits);
  for (const lexemes of lexemesOfGroup.slice(1)) {
    groupBits.fill(0);
    for (const lexeme of lexemes) markRows(postings, lexeme, groupBits);
    for (let w = 0; w < rowBits.length; w++) rowBits[w]! &= groupBits[w]!;
  }
  return matched;
}

/** Buffers reused from search to search (JavaScript runs one search at a time). */
export class ScoringScratch {
  readonly scores: Float64Array;
  readonly entryCounts: Int32Array;
  readonly entryEnds: Int32Array;
  keys = new Float64Array(0);
  groups = new Uint32Array(0);
  positions = new Int32Array(0);
  weightClasses = new Uint8Array(0);

  constructor(rowCount: number) {
    this.scores = new Float64Array(rowCount);
    this.entryCounts = new Int32Array(rowCount);
    this.entryEnds = new Int32Array(rowCount);
  }

  reserveEntries(count: number): void {
    if (this.keys.length >= count) return;
    const capacity = Math.max(count, this.keys.length * 2);
    this.keys = new Float64Array(capacity);
    this.groups = new Uint32Array(capacity);
    this.positions = new Int32Array(capacity);
    this.weightClasses = new Uint8Array(capacity);
  }
}

/**
 * ts_rank_cd of each matched row's document for the query, into scratch.scores[row]. With one group
 * every matched position is a cover of its own, so the rank is the sum of their weights; with more,
 * the row's matched positions are gathered, sorted and walked cover by cover.
 */
export function rankMatches(
  postings: Postings,
  lexemes: MatchedLexemes,
  groupCount: number,
  matchedBits: RowBits,
  matchedRows: Int32Array,
  matchedCount: number,
  scratch: ScoringScratch,
): Float64Array {
  const { rows, postingStart, positionCounts, positionStart, positions } = postings;
  const { scores, entryCounts, entryEnds } = scratch;

  if (groupCount === 1) {
    // Summing over every posting, matched or not, is cheaper than testing each; only matched rows are read.
    scores.fill(0);
    for (const lexeme of lexemes.keys()) {
      let position = positionStart[lexeme]!;
      for (let k = postingStart[lexeme]!, end = postingStart[lexeme + 1]!; k < end; k++) {
        const count = positionCounts[k]!;
        const last = position + count;
        let sum = 0;
        for (; position < last; position++) sum += weightOfClass[weightClassOf(positions[position]!)]!;
        scores[rows[k]!]! += sum;
      }
    }
    for (let i = 0; i < matchedCount; i++) scores[matchedRows[i]!] = Math.fround(scores[matchedRows[i]!]!);
    return scores;
  }

  for (let i = 0; i < matchedCount; i++) entryCounts[matchedRows[i]!] = 0;
  for (const lexeme of lexemes.keys()) {
    for (let k = postingStart[lexeme]!, end = postingStart[lexeme + 1]!; k < end; k++) {
      if (hasRow(matchedBits, rows[k]!)) entryCounts[rows[k]!]! += positionCounts[k]!;
    }
  }
  let entryCount = 0;
  for (let i = 0; i < matchedCount; i++) {
    const row = matchedRows[i]!;
    entryEnds[row] = entryCount;
    entryCount += entryCounts[row]!;
  }
  scratch.reserveEntries(entryCount);
  const { keys, groups } = scratch;
  // Sort key: position, then weight class, then lexeme (PostgreSQL's lexeme order), as get_docrep sorts.
  const lexemeCount = postings.lexemes.length;
  for (const [lexeme, groupBits] of lexemes) {
    let position = positionStart[lexeme]!;
    for (let k = postingStart[lexeme]!, end = postingStart[lexeme + 1]!; k < end; k++) {
      const count = positionCounts[k]!;
      const row = rows[k]!;
      if (hasRow(matchedBits, row)) {
        for (let j = position; j < position + count; j++) {
          const encoded = positions[j]!;
          const slot = entryEnds[row]!++;
          keys[slot] = ((positionOf(encoded) << 2) | weightClassOf(encoded)) * lexemeCount + lexeme;
          groups[slot] = groupBits;
        }
      }
      position += count;
    }
  }

  const allGroups = 2 ** groupCount - 1;
  const matchedPositions: MatchedPositions = {
    positions: scratch.positions,
    weightClasses: scratch.weightClasses,
    groups,
    from: 0,
    to: 0,
  };
  for (let i = 0; i < matchedCount; i++) {
    const row = matchedRows[i]!;
    const to = entryEnds[row]!;
    const from = to - entryCounts[row]!;
    sortEntries(keys, groups, from, to);
    for (let s = from; s < to; s++) {
      const positionAndClass = Math.floor(keys[s]! / lexemeCount);
      scratch.positions[s] = positionAndClass >>> 2;
      scratch.weightClasses[s] = positionAndClass & 3;
    }
    matchedPositions.from = from;
    matchedPositions.to = to;
    scores[row] = coverDensityRank(matchedPositions, allGroups);
  }
  return scores;
}

/** Insertion sort of one row's few entries by key, carrying their group bits along. */
function sortEntries(keys: Float64Array, groups: Uint32Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const key = keys[i]!;
    const group = groups[i]!;
    let j = i - 1;
    while (j >= from && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      groups[j + 1] = groups[j]!;
      j--;
    }
    keys[j + 1] = key;
    groups[j + 1] = group;
  }
}
