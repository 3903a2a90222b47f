import { describe, expect, it } from 'vitest';
import { parseTsQueryText } from './text-query.ts';

const prefix = (lexeme: string) => ({ lexeme, isPrefix: true });
const exact = (lexeme: string) => ({ lexeme, isPrefix: false });

describe('parseTsQueryText', () => {
  it('reads the AND of OR-groups that buildTsQuery produces', () => {
    expect(parseTsQueryText("'wellness':*")).toEqual([[prefix('wellness')]]);
    expect(parseTsQueryText("( 'gardas':* | 'gardase' ) & 'sudtirol':*")).toEqual([
      [prefix('gardas'), exact('gardase')],
      [prefix('sudtirol')],
    ]);
    expect(parseTsQueryText("'wellness' & 'sauna':* & 'it''s' & 'a\\\\b'")).toEqual([
      [exact('wellness')],
      [prefix('sauna')],
      [exact("it's")],
      [exact('a\\b')],
    ]);
    expect(parseTsQueryText("'a':* | 'b' | ( 'c' | 'd':* )")).toEqual([
      [prefix('a'), exact('b'), exact('c'), prefix('d')],
    ]);
  });

  it('answers no groups for an empty query (only stop words)', () => {
    expect(parseTsQueryText('')).toEqual([]);
  });

  it('answers null for shapes the engine does not evaluate', () => {
    expect(parseTsQueryText("'it':* <-> 's':*")).toBeNull();
    expect(parseTsQueryText("'a' <2> 'b'")).toBeNull();
    expect(parseTsQueryText("!'a' & 'b'")).toBeNull();
    expect(parseTsQueryText("'a':A*")).toBeNull();
    expect(parseTsQueryText("( 'a' & 'b' ) | 'c'")).toBeNull();
    expect(parseTsQueryText("'a' &")).toBeNull();
    expect(parseTsQueryText("'a")).toBeNull();
  });
});
