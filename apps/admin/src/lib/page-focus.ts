import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side change of screen, focus goes to the new screen's h1 (WCAG 2.4.3): without it a
 * keyboard or screen-reader user stays on the link they used, on a page that is no longer there. Not
 * on the first load (the browser starts at the top) and not when only the query changes (a filter, a
 * page of the list: the user is working in the list and keeps their place).
 */
export function usePageFocus(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    let attempts = 0;
    let frame = 0;
    // A lazily loaded screen renders its heading a moment later: look for it for a few frames.
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) heading.focus();
      else if (attempts++ < 60) frame = requestAnimationFrame(focusHeading);
    };
    focusHeading();
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/** A path inside the back office to return to after signing in; anything else is the orders list. */
export function safeReturnPath(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/login')) return '/';
  return next;
}
