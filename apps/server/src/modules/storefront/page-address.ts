import { isPrivatePagePath, pageQueryParameters } from '@shop/contracts/site-paths';

const readParameters = new Set(pageQueryParameters);

/**
 * The address a page is rendered and cached by: the path with only the query parameters pages read,
 * in a fixed order. `?utm_source=…` or `?cb=<random>` then neither splits the page cache into copies
 * nor bypasses it. Checkout and order pages keep their whole address (payment providers append theirs),
 * and are never cached anyway.
 */
export function pageAddress(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const pathname = url.slice(0, queryAt);
  if (isPrivatePagePath(pathname)) return url;
  const kept = [...new URLSearchParams(url.slice(queryAt + 1))]
    .filter(([name]) => readParameters.has(name))
    .sort(([a, aValue], [b, bValue]) => (a === b ? compare(aValue, bValue) : compare(a, b)));
  return kept.length === 0 ? pathname : `${pathname}?${new URLSearchParams(kept)}`;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
