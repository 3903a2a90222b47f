import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side page change, focus goes to the new page's main heading (its <h1>, made focusable
 * with tabindex="-1"; the stylesheet draws no ring around it, it is no control), so that a screen reader
 * reads the new page and the next Tab starts in it, instead of on the body or on the link of the page
 * before (WCAG 2.4.3). Not on the first load: focus starts at the document there.
 *
 * A change of the search parameters alone (a list's filters and sorting) moves focus only when it was
 * lost (the element the visitor operated is gone, focus fell to the body): a visitor still on a filter
 * keeps it. A layout effect, so that it runs before the pages' own effects: a page that puts focus
 * somewhere itself (an opened dialog, an error summary, the order page's heading) wins.
 */
export function useHeadingFocusOnPageChange() {
  const { pathname, search } = useLocation();
  const shown = useRef({ pathname, search });
  useLayoutEffect(() => {
    const before = shown.current;
    if (before.pathname === pathname && before.search === search) return;
    shown.current = { pathname, search };
    const isFocusLost = !document.activeElement || document.activeElement === document.body;
    if (before.pathname === pathname && !isFocusLost) return;
    const main = document.getElementById('main');
    const heading = main?.querySelector<HTMLElement>('h1');
    const target = heading ?? main;
    if (!target) return;
    if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    // The page keeps the scroll position the router gives it (top, or where back/forward left it).
    target.focus({ preventScroll: true });
  }, [pathname, search]);
}
