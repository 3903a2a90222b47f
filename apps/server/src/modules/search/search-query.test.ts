import { describe, expect, it } from 'vitest';
import { buildTsQuery, queryWords } from './search-query.ts';

describe('queryWords', () => {
  it('folds case and accents and drops punctuation', () => {
    expect(queryWords('  Südtirol, Wellness & Spa!')).toEqual(['sudtirol', 'wellness', 'spa']);
  });

  it('drops tsquery operators so user text cannot change the query', () => {
    expect(queryWords("garda:* | !see & (x) <-> 'y'")).toEqual(['garda', 'see', 'x', 'y']);
  });

  it('keeps at most eight distinct words', () => {
    expect(queryWords('a b c d e f g h i j a')).toHaveLength(8);
    expect(queryWords('rom rom Rom')).toEqual(['rom']);
  });

  it('returns nothing for empty or symbol-only input', () => {
    expect(queryWords(undefined)).toEqual([]);
    expect(queryWords('  -- !! ')).toEqual([]);
  });
});

describe('buildTsQuery', () => {
  it('searches known words as prefixes and adds close spellings for unknown ones', () => {
    expect(
      buildTsQuery([
        { word: 'wellness', isKnown: true, similar: [] },
        { word: 'gardsee', isKnown: false, similar: ['gardasee', 'gardsee'] },
      ]),
    ).toBe('wellness:* & (gardsee:* | gardasee)');
  });
});
