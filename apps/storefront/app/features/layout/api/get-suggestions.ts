import type { suggestResponseSchema } from '@shop/contracts/catalogue';
import type { Locale } from '@shop/contracts/locale';
import { useEffect, useState } from 'react';
import { toSlug } from '#app/lib/slug.ts';

export type Suggestion = (typeof suggestResponseSchema)['_output']['items'][number];

/** Wait this long after the last keystroke before asking (one request per pause, not per key). */
const debounceMs = 150;
/** One letter matches nearly everything; suggestions start with the second. */
const minLength = 2;
/** The API's limit for the tag. */
const maxLength = 100;

/**
 * Search-box suggestions, straight from the browser: same host (so same brand), page language via
 * Accept-Language. Silent: no site lock, and a failure only means no suggestions.
 */
export async function getSuggestions(
  tag: string,
  locale: Locale,
  signal: AbortSignal,
): Promise<Suggestion[]> {
  const response = await fetch(`/api/offer/suggest/${encodeURIComponent(tag)}`, {
    headers: { Accept: 'application/json', 'Accept-Language': locale },
    signal,
  });
  if (!response.ok) return [];
  const body = (await response.json()) as { items: Suggestion[] };
  return body.items;
}

/** Where a suggestion leads (SPEC §2 routes). */
export function hrefForSuggestion({ kind, key, label }: Suggestion): string {
  switch (kind) {
    case 'country':
      return `/reiseziel/${key.toLowerCase()}/${toSlug(label)}`;
    case 'theme':
      return `/thema/${toSlug(label)}/${key}`;
    case 'hotel':
      return `/urlaub/${key}`;
    case 'offer':
      return `/to/${key}`;
  }
}

/** Suggestions for the typed keyword (debounced, stale answers dropped); null before the first answer. */
export function useSuggestions(keyword: string, locale: Locale): Suggestion[] | null {
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  useEffect(() => {
    const tag = keyword.trim().slice(0, maxLength);
    if (tag.length < minLength) {
      setSuggestions(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getSuggestions(tag, locale, controller.signal).then(setSuggestions, () => {
        // Aborted or offline: keep what is shown; Enter still runs the full search.
      });
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword, locale]);
  return suggestions;
}
