import { baseDirectives } from '#src/http/security-headers.ts';

/**
 * The back office's policy: its scripts and stylesheet are files of its own build (no inline script,
 * no nonce needed: the page is the same file for everyone), its calls go to this origin's API, and the
 * second factor's QR code is a data: image. Style attributes are not allowed: React Aria sets its
 * positions through the DOM's style object, which CSP does not govern, never through markup.
 */
export const adminContentSecurityPolicy = Object.entries({
  ...baseDirectives,
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'manifest-src': ["'none'"],
  'worker-src': ["'none'"],
})
  .map(([name, sources]) => `${name} ${sources.join(' ')}`)
  .join('; ');
