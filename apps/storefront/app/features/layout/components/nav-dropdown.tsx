import type { FocusEvent, KeyboardEvent, ReactNode } from 'react';

/**
 * A disclosure menu on native <details>: opens with Enter/Space on its summary, works without
 * JavaScript, and browsers expose its open state as "expanded" on the summary. Escape closes it and
 * returns focus to the summary; moving focus out of it closes it too (an open panel must not cover
 * the next focused control). The header closes it on clicks elsewhere.
 */
export function NavDropdown({ label, children }: { label: ReactNode; children: ReactNode }) {
  const closeOnEscape = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !event.currentTarget.open) return;
    event.preventDefault();
    event.currentTarget.open = false;
    event.currentTarget.querySelector('summary')?.focus();
  };
  const closeOnFocusOut = (event: FocusEvent<HTMLDetailsElement>) => {
    if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) {
      event.currentTarget.open = false;
    }
  };
  return (
    <details className="dropdown" onKeyDown={closeOnEscape} onBlur={closeOnFocusOut}>
      <summary>{label}</summary>
      <div className="dropdown-panel">{children}</div>
    </details>
  );
}
