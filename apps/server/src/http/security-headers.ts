import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The policy of every answer that does not bring its own: nothing but this origin may be loaded, and
 * no other site may frame it. Rendered storefront pages replace it with one that adds their nonce
 * (modules/storefront/content-security-policy.ts).
 */
export const baseDirectives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
} satisfies Record<string, string[]>;

/** Answers that carry personal data or an order's key: no browser or proxy keeps them. */
const privatePrefixes = ['/api/order', '/api/account', '/api/auth'];

/** Pictures and brand files that mails and partner pages may show from another origin. */
const sharedPrefixes = ['/media/', '/assets/'];

/**
 * Security headers on every answer (@fastify/helmet): the content security policy, nosniff, a
 * referrer policy that keeps order keys in our own URLs from leaving the site, HSTS in production, and
 * no-store on order, voucher and account answers.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { isProduction: boolean },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: baseDirectives },
    // X-Frame-Options for browsers that predate frame-ancestors.
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Over plain HTTP browsers ignore it, so the embedded demo on http://localhost is unaffected.
    strictTransportSecurity: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // PayPal and Amazon Pay are reached by redirects, never by popups that need the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // Chromium ignores it now; an origin-keyed agent cluster is harmless but says nothing useful.
    originAgentCluster: false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url;
    if (privatePrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
      reply.header('cache-control', 'no-store');
    } else if (sharedPrefixes.some((prefix) => path.startsWith(prefix))) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    } else if (path.startsWith('/sandbox/')) {
      // The simulator's approval page styles itself inline and runs no script.
      reply.header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      );
    }
    return payload;
  });
}
