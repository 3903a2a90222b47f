import type { FastifyRequest } from 'fastify';
import { HttpProblem } from './problem.ts';

/**
 * Cross-site request defences for calls that carry credentials (docs/decisions/017-accounts.md). We grant
 * no CORS, so a browser never lets another site read our answers; these checks make sure such a site
 * cannot make us act either:
 * - a request whose Origin (or Sec-Fetch-Site) names another site is refused when it carries a credential
 *   or asks to sign in (login CSRF);
 * - calls that the session cookie authenticates (refresh, logout) also need the header below, which a
 *   form cannot send and a cross-site script could only send after a CORS preflight we refuse.
 */
export const csrfHeader = 'x-requested-with';
export const csrfHeaderValue = 'shop';

export function crossSiteRefusal(): HttpProblem {
  return new HttpProblem(403, 'forbidden', 'cross-site requests are not accepted here');
}

/** True when the browser says the request comes from another site. */
export function isCrossSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    const { host } = new URL(origin);
    // Through URL both sides drop a default port ("localhost:80" is "localhost").
    const ownHost = new URL(`${request.protocol}://${request.host}`).host;
    return host !== ownHost && host !== new URL(request.brand.origin).host;
  } catch {
    // "null" (a sandboxed frame, a redirect across sites) or garbage: not us.
    return true;
  }
}

export function assertSameSite(request: FastifyRequest): void {
  if (isCrossSite(request)) throw crossSiteRefusal();
}

/** For the cookie-authenticated calls: same site, and our header. */
export function assertSameSiteWithHeader(request: FastifyRequest): void {
  assertSameSite(request);
  if (request.headers[csrfHeader] !== csrfHeaderValue) {
    throw new HttpProblem(403, 'forbidden', `this call needs the header ${csrfHeader}: ${csrfHeaderValue}`);
  }
}
