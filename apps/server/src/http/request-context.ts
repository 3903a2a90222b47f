import { type Locale, negotiateLocale } from '@shop/contracts/locale';
import type { FastifyInstance } from 'fastify';
import type { Brand, BrandDirectory } from '#src/modules/brands/brand-directory.ts';
import type { HostCheck } from './host-header.ts';
import type { SecurityHeaders } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop language from the Accept-Language header (de default, en fallback). */
    locale: Locale;
    /** The partner brand the request's host belongs to; scopes catalogue and content. */
    brand: Brand;
  }
}

/**
 * What issue 9 puts in front of every request: the security headers and the Host check. Left out only
 * by bench/edge-overhead.bench.ts, which measures what they cost (app.ts: `withEdgeChecks`).
 */
export type RequestEdge = { headers: SecurityHeaders; checkHost: HostCheck };

/**
 * One hook for everything a request needs before its route: language, security headers, Host check and
 * brand. One, because each hook Fastify runs is work on every request; on a cached offer read, three
 * hooks instead of one were a measurable share of the edge's cost (bench/RESULTS.md, issue 9).
 */
export function registerRequestContext(
  app: FastifyInstance,
  brands: BrandDirectory,
  edge: RequestEdge | undefined,
): void {
  app.decorateRequest('locale', 'de');
  app.decorateRequest('brand', null as unknown as Brand);
  // A callback hook that waits only when the brand list must be loaded: a promise on every request
  // is a measurable share of a cached read.
  app.addHook('onRequest', (request, reply, done) => {
    // The language first: a refused Host is answered in it.
    request.locale = negotiateLocale(request.headers['accept-language']);
    const isApi = request.url.startsWith('/api/');
    if (edge) {
      // Before the Host check, so that its 400 carries them too.
      reply.headers(isApi ? edge.headers.api : edge.headers.page);
      const refused = edge.checkHost(request);
      if (refused) return done(refused);
    }
    if (!isApi) return done();
    const brand = brands.resolveLoaded(request.hostname);
    if (brand) {
      request.brand = brand;
      return done();
    }
    brands.resolve(request.hostname).then((resolved) => {
      request.brand = resolved;
      done();
    }, done);
  });
}
