import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

/**
 * Answers that carry personal data or an order's key (vouchers, invoices, insurance policies too): no
 * browser or proxy keeps them, and no other site may load them.
 */
const privatePaths = /^\/api\/(?:order|account|auth|voucher|invoice|insurance|admin)(?:[/?]|$)/;

/** Pictures and brand files that mails and partner pages may show from another origin. */
const sharedPaths = /^\/(?:media|assets)\//;

/** The simulator's approval page styles itself inline and runs no script. */
const sandboxPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

/**
 * What every JSON answer needs (OWASP's REST security headers): it loads nothing and is never framed,
 * and a browser must not sniff it into something else. Two headers, because each one is work on every
 * answer for the server and for the client that parses it (on a bare Node server four cost 12 % of
 * its requests per second, two 2 %; bench/RESULTS.md): the page headers' referrer and opener policy,
 * DNS-prefetch switch and X-Frame-Options (which frame-ancestors supersedes) only mean something to
 * documents; HSTS is learnt from the pages every visit starts with; and Cross-Origin-Resource-Policy
 * guards what another site must not read into its process, which public catalogue data is not: the
 * private answers carry it (their per-route hook).
 */
const apiDirectives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

/**
 * The headers helmet would set, computed once. With fixed options helmet's answer is the same for
 * every request, and building its middleware per request (as @fastify/helmet does) cost about 17 µs
 * on each cached page read (bench/edge-overhead.bench.ts).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The headers of every answer: one set for the API's JSON, one for pages and files. */
export type SecurityHeaders = { api: Record<string, string>; page: Record<string, string> };

/**
 * Security headers (helmet's): the content security policy, nosniff, a referrer policy that keeps order
 * keys in our own URLs from leaving the site, HSTS in production, and no-store on order, voucher and
 * account answers. The sets every answer carries are returned for the request context's one hook to
 * write (request-context.ts); the per-route ones are hooked here, so call this before any route.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { isProduction: boolean },
): SecurityHeaders {
  const shared = {
    // X-Frame-Options for browsers that predate frame-ancestors (pages and files; see the API set).
    xFrameOptions: { action: 'deny' },
    // Over plain HTTP browsers ignore it, so the embedded demo on http://localhost is unaffected.
    strictTransportSecurity: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // Chromium ignores it now; an origin-keyed agent cluster is harmless but says nothing useful.
    originAgentCluster: false,
    // For IE 8, Flash and Acrobat, and old browsers' XSS auditors: nothing we support reads them.
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  } as const;
  const pageHeaders = helmetHeaders({
    ...shared,
    contentSecurityPolicy: { useDefaults: false, directives: baseDirectives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // PayPal and Amazon Pay are reached by redirects, never by popups that need the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  const apiHeaders = helmetHeaders({
    ...shared,
    xFrameOptions: false,
    strictTransportSecurity: false,
    crossOriginResourcePolicy: false,
    contentSecurityPolicy: { useDefaults: false, directives: apiDirectives },
    referrerPolicy: false,
    crossOriginOpenerPolicy: false,
    xDnsPrefetchControl: false,
  });
  // Per route, chosen when the route is added, so that the catalogue's answers pass no test of their
  // path. In onSend, after the handler, so that no route's own cache or resource policy outlives these.
  // Callback hooks: an async one costs a promise on every answer.
  const privateAnswer: onSendHookHandler = (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    reply.header('cross-origin-resource-policy', 'same-origin');
    done(null, payload);
  };
  const sharedResource: onSendHookHandler = (_request, reply, payload, done) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
    done(null, payload);
  };
  const sandboxPage: onSendHookHandler = (_request, reply, payload, done) => {
    reply.header('content-security-policy', sandboxPolicy);
    done(null, payload);
  };
  // The catch-all serves build files (/assets/…) and pages alike: it asks per answer.
  const byPath: onSendHookHandler = (request, reply, payload, done) => {
    if (sharedPaths.test(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const hook = privatePaths.test(route.url)
      ? privateAnswer
      : sharedPaths.test(route.url)
        ? sharedResource
        : route.url.startsWith('/sandbox/')
          ? sandboxPage
          : route.url === '/*'
            ? byPath
            : null;
    if (!hook) return;
    const own = route.onSend ?? [];
    route.onSend = [...(Array.isArray(own) ? own : [own]), hook];
  });
  return { api: apiHeaders, page: pageHeaders };
}
