import { createHash } from 'node:crypto';
import { baseDirectives } from '#src/http/security-headers.ts';
import { startAfterPaintScript } from './start-after-paint.ts';

/**
 * The back office's policy: its scripts and stylesheet are files of its own build, and one inline
 * script of constant content allowed by its hash (start-after-paint.ts: no nonce needed), its calls go
 * to this origin's API, and the second factor's QR code is a data: image. Style attributes are not
 * allowed: React Aria sets its positions through the DOM's style object, which CSP does not govern,
 * never through markup. `'wasm-unsafe-eval'` lets the hotel desk's QR decoder (ZXing as WebAssembly,
 * from our own assets) compile; it allows no JavaScript eval.
 */
export const adminContentSecurityPolicy = Object.entries({
  ...baseDirectives,
  'script-src': [
    "'self'",
    "'wasm-unsafe-eval'",
    `'sha256-${createHash('sha256').update(startAfterPaintScript).digest('base64')}'`,
  ],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'manifest-src': ["'none'"],
  'worker-src': ["'none'"],
})
  .map(([name, sources]) => `${name} ${sources.join(' ')}`)
  .join('; ');
