import { type Locale, negotiateLocale } from '@shop/contracts/locale';
import type { FastifyInstance } from 'fastify';
import type { Brand, BrandDirectory } from '#src/modules/brands/brand-directory.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop language from the Accept-Language header (de default, en fallback). */
    locale: Locale;
    /** The partner brand the request's host belongs to; scopes catalogue and content. */
    brand: Brand;
  }
}

export function registerRequestContext(app: FastifyInstance, brands: BrandDirectory): void {
  app.decorateRequest('locale', 'de');
  app.decorateRequest('brand', null as unknown as Brand);
  // A callback hook that waits only when the brand list must be loaded: a promise on every request
  // is a measurable share of a cached read.
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = negotiateLocale(request.headers['accept-language']);
    if (!request.url.startsWith('/api/')) return done();
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
