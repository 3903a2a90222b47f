import type { ApiInit, ShopContext } from '@shop/contracts/shop-context';
import { data } from 'react-router';

/**
 * Calls the API and answers its data; a 404 becomes the storefront's 404 page, any other failure
 * an error page with the API's status (a missing record is one line in a loader).
 */
export async function fetchOrThrow<T>(shop: ShopContext, path: string, init?: ApiInit): Promise<T> {
  const result = await shop.api<T>(path, init);
  if (result.ok) return result.data;
  throw apiFailure(result.status);
}

/** The thrown response that renders the "Oops" page with an HTTP 404 status. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/**
 * The thrown response for an API answer that failed with `status`: 404 for a missing record, 503 while
 * the shop's database is away (the page says to try again shortly), else 502.
 */
export function apiFailure(status: number) {
  return data(null, { status: status === 404 || status === 400 ? 404 : status === 503 ? 503 : 502 });
}
