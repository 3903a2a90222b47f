import { z } from 'zod';
import { emailField } from './orders.ts';
import { text } from './text.ts';

/**
 * The newsletter with double opt-in (SPEC §1 "register for a newsletter", issue 12). A visitor asks in
 * the footer (or ticks the box at checkout: PUT /api/order/optin), gets a confirmation mail, and is
 * subscribed only once they confirm on the page its link opens. Every newsletter mail can be
 * unsubscribed in one click (RFC 8058).
 */

/** Where a subscription was asked for: stored as evidence with the consent text's version. */
export const newsletterSources = ['footer', 'checkout'] as const;
export type NewsletterSource = (typeof newsletterSources)[number];

/**
 * The version of the consent wording shown at each source (the storefront's `newsletter.consent` and
 * `checkout.newsletter` texts). Change it whenever that wording changes: the subscription keeps the
 * version its visitor saw.
 */
export const newsletterConsentVersions: Record<NewsletterSource, string> = {
  footer: 'footer-2026-05',
  checkout: 'checkout-2026-05',
};

/** How long a confirmation link works. */
export const newsletterConfirmDays = 7;

/** POST /api/newsletter: 202 whether the address is new, pending or subscribed (no enumeration). */
export const newsletterSubscribeRequestSchema = z.object({ email: emailField() });
export type NewsletterSubscribeRequest = z.infer<typeof newsletterSubscribeRequestSchema>;
export const newsletterAcceptedSchema = z.object({ success: z.literal(true) });

/** The random token of a confirmation or unsubscribe link (base64url, or `<id>.<mac>`). */
export const newsletterTokenSchema = text()
  .trim()
  .min(16)
  .max(200)
  .regex(/^[A-Za-z0-9_.-]+$/);

/** POST /api/newsletter/confirm: the token from the confirmation link. */
export const newsletterConfirmRequestSchema = z.object({ token: newsletterTokenSchema });

/**
 * 200: `confirmed` now, or `already-confirmed` (the link was used before: it works once). An unknown,
 * expired or withdrawn link is a 404.
 */
export const newsletterConfirmResponseSchema = z.object({
  status: z.enum(['confirmed', 'already-confirmed']),
});
export type NewsletterConfirmResponse = z.infer<typeof newsletterConfirmResponseSchema>;

/** POST /api/newsletter/unsubscribe?token=…: the one-click address of every newsletter mail. */
export const newsletterUnsubscribeQuerySchema = z.object({ token: newsletterTokenSchema });

/** 200: `unsubscribed` now, or `already-unsubscribed`. An unknown token is a 404. */
export const newsletterUnsubscribeResponseSchema = z.object({
  status: z.enum(['unsubscribed', 'already-unsubscribed']),
});
export type NewsletterUnsubscribeResponse = z.infer<typeof newsletterUnsubscribeResponseSchema>;
