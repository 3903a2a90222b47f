import { z } from 'zod';
import { messageKeys } from './message-keys.ts';

// In browsers zod must not compile parsers with `new Function`: the storefront's Content-Security-Policy
// forbids eval, and zod's probe for it is reported as a violation even though zod catches it. This
// module is imported before any schema is built (every string is a `text()`); the server keeps the
// compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

/**
 * Characters no text of ours may hold: the control characters (C0 except tab, LF and CR; DEL; C1)
 * and lone UTF-16 surrogates. PostgreSQL's text cannot store NUL or an unpaired surrogate (the query
 * fails: a 500 instead of a 400), and none of the others belongs in a name, an address or a code.
 * With the u flag a surrogate pair is one code point (an emoji is not Cs), so \p{Cs} only matches
 * a high surrogate without its low one, or a low one alone.
 */
const unsafeCharacter = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;

/** True when `value` holds none of the characters above. */
export function isSafeText(value: string): boolean {
  return !unsafeCharacter.test(value);
}

/**
 * The check every string of the contracts carries, first of its checks; `abort` keeps the field's
 * other checks (length, pattern) from adding messages about a value that is unusable anyway.
 */
export const safeText = z.refine<string>(isSafeText, { error: messageKeys.unsafeText, abort: true });

/**
 * The one string base of the contracts: `z.string(params)` with `safeText`. Chain the field's own
 * checks after it (`text().trim().min(1).max(100)`); a string format is added as a check, so it runs
 * after this one (`text().check(z.email())`). text.test.ts fails on any string without it.
 */
export function text(params?: Parameters<typeof z.string>[0]): z.ZodString {
  return z.string(params).check(safeText);
}

/**
 * Only for a problem answer's own text (its detail, instance and messages), which may quote the
 * caller's input as it came: zod's "Unrecognized key" and the JSON parser name what they could not
 * read. Checking those would turn a 400 about unsafe input into a failed answer. Never for input.
 */
export function quotedText(): z.ZodString {
  return z.string();
}
