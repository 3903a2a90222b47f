/** At most this many words of a query take part in a search. */
export const maxQueryWords = 8;
const maxWordLength = 40;

/**
 * Splits free text into search words: lower case, accents removed ("Südtirol" → "sudtirol"), only
 * letters and digits, so no word can carry tsquery syntax.
 */
export function queryWords(query: string | undefined): string[] {
  if (!query) return [];
  const words = query
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, maxWordLength));
  return [...new Set(words)].slice(0, maxQueryWords);
}

export type WordMatch = { word: string; isKnown: boolean; similar: string[] };

/**
 * The to_tsquery text for the words: every word as a prefix (search as you type), OR-ed with the
 * vocabulary's closest spellings when the word itself is unknown ("gardase" → gardasee).
 */
export function buildTsQuery(matches: WordMatch[]): string {
  return matches
    .map(({ word, isKnown, similar }) => {
      const alternatives = isKnown ? [] : similar.filter((candidate) => candidate !== word);
      return alternatives.length === 0 ? `${word}:*` : `(${[`${word}:*`, ...alternatives].join(' | ')})`;
    })
    .join(' & ');
}

/** The same query with no word taken as a prefix: what ranks first (whole-word matches). */
export function wholeWordTsQuery(tsQuery: string): string {
  return tsQuery.replaceAll(':*', '');
}
