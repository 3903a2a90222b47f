import { z } from 'zod';
import { quotedText, text } from './text.ts';

/** Stable error types of the API; the storefront reacts to these (SPEC §8). */
export const problemTypes = [
  'validation-error',
  'not-found',
  'method-not-allowed',
  'unsupported-media-type',
  'payload-too-large',
  'too-many-requests',
  'service-unavailable',
  'internal-error',
  /** 410: the offer is no longer sold (deactivated, sale period over); the answer carries alternatives. */
  'offer-gone',
  /** 410: the order no longer exists for editing (cancelled, expired): clear the cart (SPEC §8). */
  'invalid-order',
  /** 428 with code 115: the order is closed and can no longer change: clear the cart. */
  'order-closed',
  /** 417: the promotion code does not apply. */
  'invalid-reduction',
  /** 422: the gift card is unknown, expired or used up. */
  'invalid-giftcard',
  /** 409: not enough units left of a variant. */
  'sold-out',
  /**
   * 409: the order cannot be held for a bank transfer (too many open transfers, or more units than one
   * buyer may hold unpaid); the detail says what to do instead, in the caller's language.
   */
  'transfer-limit',
  /** 409: the order's state does not allow the call (e.g. paying an empty cart). */
  'order-conflict',
  /**
   * 409 at the close: the order's total is not the one the buyer confirmed (the cart changed in another
   * tab); the answer carries the new `total` (cents) and `currency`. Nobody was sent to a provider.
   */
  'cart-changed',
  /** 402: the payment did not go through for a reason none of the three below names (not approved, unknown). */
  'payment-failed',
  /** 402: the provider declined the payment (card, risk check): nothing was taken. */
  'payment-declined',
  /** 402: the provider did not answer in time: whether money moved is not known yet; try again later. */
  'payment-timeout',
  /**
   * 402: the approval can no longer be used: it lapsed at the provider, or the order no longer waits for
   * this attempt (changed or paid again in another tab). Nothing was taken; pay again from the checkout.
   */
  'payment-stale',
  /** 404: a feature switched off for this brand. */
  'feature-disabled',
  /** 409: the voucher was printed; its guest data can no longer change (SPEC §4). */
  'voucher-locked',
  /** 409: the voucher has no guest name yet; it is printed (and locked) only with one (SPEC §4). */
  'voucher-guest-missing',
  /** 401 with code 101: no valid access token (missing, expired, forged, ended session): sign in (SPEC §6/§8). */
  'unauthorized',
  /** 401: wrong user name or password (one answer for both: no enumeration). */
  'invalid-credentials',
  /** 403: a cross-site request, or one a cookie would authenticate without our CSRF header. */
  'forbidden',
  /** 400: the password-reset link is unknown, used or older than an hour. */
  'invalid-reset-token',
  /** 409: the order belongs to another account. */
  'order-claimed',
  /** 400: the link confirming the account's address is unknown, another account's, used or expired. */
  'invalid-confirmation-link',
  /** 409: the voucher's order is not paid (yet): only a paid voucher can be insured. */
  'voucher-not-paid',
  /** 422: the insurer declined the policy, or the brand's tariffs have no band for the voucher. */
  'insurance-declined',
  /** 401 at the back office's sign-in: the password was right, the second factor (TOTP) is missing or wrong. */
  'totp-required',
  /** 403: the staff member has to set up a second factor before anything else in the back office. */
  'totp-setup-required',
  /** 422: the back office's CSV export would hold more orders than one file may; narrower filters. */
  'export-too-large',
  /** 409: someone saved a newer version of what the back office form edits since it was loaded; reload. */
  'edit-conflict',
  /** 409: another content page of the same brand and language already has this address (slug). */
  'slug-taken',
  /**
   * 409 at a hotel's redeem: the voucher is redeemed, refunded, cancelled, expired, a specimen in a live
   * installation, or another hotel's; the answer's `state` says which (hotel-portal.ts `voucherStates`).
   */
  'voucher-not-redeemable',
  /** 409: a redemption can no longer be undone by this caller (after 24 hours, or paid to the hotel). */
  'redemption-final',
  /** 409: a hotel's statement cannot be paid (its month is not over, a net rate is missing, paid already). */
  'statement-not-payable',
  /** 422: an Idempotency-Key sent again with another request than the first time. */
  'idempotency-key-reused',
] as const;
export type ProblemType = (typeof problemTypes)[number];

/** RFC 9457 problem details, as every error response of the API carries them. */
export const problemSchema = z.object({
  type: text(),
  title: text(),
  status: z.number().int(),
  /** detail, instance and the messages may quote the request as it came (text.ts, `quotedText`). */
  detail: quotedText().optional(),
  instance: quotedText().optional(),
  /** A numeric error code the client reacts to (SPEC §6/§8: 101 login needed, 115 order closed). */
  code: z.number().int().optional(),
  /** For validation errors: one entry per field, in the caller's language. */
  errors: z.array(z.object({ field: text(), message: quotedText() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
