import { describe, expect, it } from 'vitest';
import { PostingsBuilder } from './postings.ts';
import { rowBitsFor } from './row-bits.ts';
import type { TextQuery } from './search-engine.ts';
import { matchText, rankMatches, ScoringScratch } from './text-match.ts';

/** The engine's rank of one document for a query, through the same path a search takes. */
function rank(document: string, text: TextQuery): number {
  const builder = new PostingsBuilder();
  builder.addDocument(document);
  const postings = builder.build();
  const matched = rowBitsFor(1);
  const lexemes = matchText(postings, text, matched, rowBitsFor(1));
  expect(lexemes, 'the document matches').not.toBeNull();
  const scores = rankMatches(
    postings,
    lexemes!,
    text.length,
    matched,
    Int32Array.of(0),
    1,
    new ScoringScratch(1),
  );
  return scores[0]!;
}

const prefix = (lexeme: string) => ({ lexeme, isPrefix: true });
const exact = (lexeme: string) => ({ lexeme, isPrefix: false });

// Expected: SELECT ts_rank_cd(document::tsvector, query::tsquery) on PostgreSQL 15, as float4.
describe('ts_rank_cd', () => {
  it('sums the weights of every matched position for one group', () => {
    expect(rank("'a':1A,9 'b':2B,3C 'c':7,20A", [[exact('a'), exact('c')]])).toBe(Math.fround(2.2));
    expect(rank("'bayer':5A,10A,44 'wellness':3A,28B", [[prefix('wellness')]])).toBe(Math.fround(1.4));
  });

  it('adds up the covers of several groups, discounted by the noise inside them', () => {
    const document = "'bayer':5A,10A,44 'bayerischer':18A 'sauna':60 'wellness':3A,28B";
    expect(rank(document, [[prefix('wellness')], [prefix('bayer')]])).toBe(Math.fround(0.56714284));
    expect(rank(document, [[prefix('wellness'), exact('sauna')], [prefix('bayer')]])).toBe(
      Math.fround(0.57339287),
    );
    expect(rank("'a':1A,9 'b':2B,3C 'c':7,20A", [[exact('a')], [exact('b')], [exact('c')]])).toBe(
      Math.fround(0.078054056),
    );
    expect(
      rank("'see':1A,2A,3A,4A 'ski':100 'spa':50B", [[prefix('see')], [exact('ski')], [exact('spa')]]),
    ).toBe(Math.fround(0.0023391813));
  });

  it('keeps lexemes sharing a position apart, and a lexeme satisfying two groups together', () => {
    expect(rank("'ab':4 'abc':4B 'x':1,8C", [[prefix('ab')], [exact('x')]])).toBe(Math.fround(0.1));
    expect(
      rank("'ab':4 'abc':4B 'x':1,8C", [
        [exact('abc'), prefix('ab')],
        [exact('x'), exact('abc')],
      ]),
    ).toBe(Math.fround(0.43333334));
  });

  it('ranks a match through a lexeme without positions as 0', () => {
    expect(rank("'x' 'y':3", [[exact('x')], [exact('y')]])).toBe(0);
  });
});
