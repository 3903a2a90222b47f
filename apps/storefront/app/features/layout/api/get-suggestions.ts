import type { suggestionSchema } from '@shop/contracts/catalogue';
import { toSlug } from '@shop/contracts/slug';
import { useEffect, useState } from 'react';
import { api } from '#app/lib/api-client.ts';
import type { Output } from '#app/lib/contract-types.ts';

export type Suggestion = Output<typeof suggestionSchema>;

/** Wait this long after the last keystroke before asking (one request per pause, not per key). */
const debounceMs = 150;
/** One letter matches nearly everything; suggestions start with the second. */
const minLength = 2;
/** The API's limit for the tag. */
const maxLength = 100;

/**
 * Search-box suggestions, straight from the browser: same host (so same brand), the page's language.
 * Silent: no site lock, and a refusal only means no suggestions; null: no answer (aborted, offline).
 */
export async function getSuggestions(tag: string, signal: AbortSignal): Promise<Suggestion[] | null> {
  const result = await api('GET /api/offer/suggest/{tag}', {
    action: 'lookup',
    params: { tag },
    isSilent: true,
    signal,
  });
  if (result.ok) return result.data.items;
  // Aborted or offline: keep what is shown; Enter still runs the full search.
  return signal.aborted || result.failure.kind === 'network' ? null : [];
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
export function useSuggestions(keyword: string): Suggestion[] | null {
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  useEffect(() => {
    const tag = keyword.trim().slice(0, maxLength);
    if (tag.length < minLength) {
      setSuggestions(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void getSuggestions(tag, controller.signal).then((items) => {
        if (items) setSuggestions(items);
      });
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword]);
  return suggestions;
}
