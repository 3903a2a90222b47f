import { describe, expect, it } from 'vitest';
import { hashOfChars, positionOf, readTsVector, weightClassOf } from './tsvector-text.ts';

function read(text: string) {
  const lexemes: { lexeme: string; positions: string[] }[] = [];
  readTsVector(text, {
    lexeme(source, start, end, hash) {
      const lexeme = source.slice(start, end);
      expect(hash).toBe(hashOfChars(lexeme, 0, lexeme.length));
      lexemes.push({ lexeme, positions: [] });
    },
    position(encoded) {
      lexemes.at(-1)!.positions.push(`${positionOf(encoded)}${'DCBA'[weightClassOf(encoded)]}`);
    },
  });
  return lexemes;
}

describe('readTsVector', () => {
  it('reads lexemes with positions and weights as PostgreSQL prints them', () => {
    expect(read("'bayer':5A,10A,44 'wellness':3A,28B 'zimm':65C")).toEqual([
      { lexeme: 'bayer', positions: ['5A', '10A', '44D'] },
      { lexeme: 'wellness', positions: ['3A', '28B'] },
      { lexeme: 'zimm', positions: ['65C'] },
    ]);
  });

  it('reads lexemes without positions, escaped quotes and backslashes, and non-ASCII text', () => {
    expect(read("'it''s' 'a\\\\b':1 'südtirol':2A '😀x':3")).toEqual([
      { lexeme: "it's", positions: [] },
      { lexeme: 'a\\b', positions: ['1D'] },
      { lexeme: 'südtirol', positions: ['2A'] },
      { lexeme: '😀x', positions: ['3D'] },
    ]);
    expect(read('')).toEqual([]);
  });

  it('rejects text that is not a tsvector', () => {
    expect(() => read('wellness:1')).toThrow(/quoted lexeme/);
    expect(() => read("'wellness")).toThrow(/unterminated/);
    expect(() => read("'wellness':x")).toThrow(/position/);
  });
});
