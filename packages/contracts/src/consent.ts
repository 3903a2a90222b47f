import { z } from 'zod';
import { locales } from './locale.ts';
import { text } from './text.ts';

/**
 * POST /api/consent: one answer to the cookie banner, kept as evidence (GDPR Art. 7(1): the shop must be
 * able to show that a visitor consented, to what, and when). No IP address and nothing else that names a
 * person: the visitor is a random id the browser keeps, the brand comes from the host.
 */

/** 'all': every service the banner named; 'necessary': only what the shop needs to work. */
export const consentChoices = ['all', 'necessary'] as const;
export type ConsentChoice = (typeof consentChoices)[number];

export const consentRequestSchema = z.object({
  /** Random (UUID v4), created by the browser on its first answer and kept with the answer. */
  visitorId: text().check(z.uuid({ version: 'v4' })),
  choice: z.enum(consentChoices),
  /** What the visitor was shown. */
  banner: z.object({
    /** The banner's wording version (the storefront bumps it when the texts change). */
    version: text()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9._-]+$/),
    /** SHA-256 (hex) of the banner's text as rendered; null where the browser offers no digest (plain http). */
    textHash: text()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
    /** The third-party services the banner named, e.g. "Google Analytics", "AWIN". */
    services: z.array(text().trim().min(1).max(60)).max(20),
  }),
  /** The language the banner was shown in. */
  language: z.enum(locales),
});
export type ConsentRequest = z.input<typeof consentRequestSchema>;
