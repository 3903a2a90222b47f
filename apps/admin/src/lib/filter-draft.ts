import { useState } from 'react';

/**
 * A list's filters as the user edits them, before they are applied to the address: a choice from a
 * list applies at once (`change(next, true)`), typed ones wait for the button or Enter (`apply()`).
 * The form is keyed by the address, so an applied filter starts a fresh draft.
 */
export function useFilterDraft<Filter extends object>(filter: Filter, onApply: (filter: Filter) => void) {
  const [draft, setDraft] = useState(filter);
  const change = (next: Partial<Filter>, applyNow = false) => {
    const merged = { ...draft, ...next };
    setDraft(merged);
    if (applyNow) onApply(merged);
  };
  const reset = (to: Filter) => {
    setDraft(to);
    onApply(to);
  };
  return { draft, change, apply: () => onApply(draft), reset };
}
