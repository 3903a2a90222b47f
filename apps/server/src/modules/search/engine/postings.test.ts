import { describe, expect, it } from 'vitest';
import { compareCodePoints, lexemeRange, PostingsBuilder } from './postings.ts';
import { bitCount } from './row-bits.ts';

describe('PostingsBuilder', () => {
  it('inverts documents into rows and positions per lexeme, lexemes in code point order', () => {
    const builder = new PostingsBuilder();
    builder.addDocument("'see':1A,4 'ski':2");
    builder.addDocument('');
    builder.addDocument("'see':3B 'ä':1 '😀':2 'ｚ':5");
    const postings = builder.build();
    expect(postings.lexemes).toEqual(['see', 'ski', 'ä', 'ｚ', '😀']);
    const see = postings.lexemes.indexOf('see');
    const { postingStart, rows, positionCounts, positionStart, positions } = postings;
    expect([...rows.subarray(postingStart[see]!, postingStart[see + 1]!)]).toEqual([0, 2]);
    expect([...positionCounts.subarray(postingStart[see]!, postingStart[see + 1]!)]).toEqual([2, 1]);
    // Positions as stored: weight class in the top two bits (A = 3, B = 2, D = 0).
    expect([...positions.subarray(positionStart[see]!, positionStart[see]! + 3)]).toEqual([
      (3 << 14) | 1,
      4,
      (2 << 14) | 3,
    ]);
  });

  it('finds the lexemes a term matches: one, every one it prefixes, or none', () => {
    const builder = new PostingsBuilder();
    builder.addDocument("'see':1 'seeblick':2 'seen':3 'sei':4 'ski':5 'ｚ':6 '😀':7");
    const postings = builder.build();
    const matches = (lexeme: string, isPrefix: boolean) => {
      const [from, to] = lexemeRange(postings, { lexeme, isPrefix });
      return postings.lexemes.slice(from, to);
    };
    expect(matches('see', false)).toEqual(['see']);
    expect(matches('see', true)).toEqual(['see', 'seeblick', 'seen']);
    expect(matches('se', true)).toEqual(['see', 'seeblick', 'seen', 'sei']);
    expect(matches('seex', true)).toEqual([]);
    expect(matches('s', false)).toEqual([]);
    expect(matches('😀', true)).toEqual(['😀']);
    expect(matches('zz', true)).toEqual([]);
  });
});

describe('compareCodePoints', () => {
  it('orders like PostgreSQL orders UTF-8 bytes, astral characters after the rest of the BMP', () => {
    const words = ['😀', 'ｚ', 'a', 'ab', 'ä', 'b', ''];
    const byBytes = [...words].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...words].sort(compareCodePoints)).toEqual(byBytes);
  });
});

describe('bitCount', () => {
  it('counts the set bits of any 32-bit word', () => {
    for (const word of [0, 1, 0x80000000, -1, 0xffffffff, 0x55555555, 0x12345678]) {
      expect(bitCount(word), word.toString(16)).toBe((word >>> 0).toString(2).replaceAll('0', '').length);
    }
  });
});
