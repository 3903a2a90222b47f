import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './catalogue.ts';

/**
 * Newsletter subscriptions with double opt-in (modules/newsletter), one row per brand and address. The
 * row is the evidence of consent (GDPR Art. 7(1)): where it was asked for (`source`), in which language,
 * which wording of the consent text was shown, when it was requested, confirmed and withdrawn.
 * Subscribed = confirmed_at set and unsubscribed_at null. The confirmation link's token is kept only as
 * a SHA-256 hash; the unsubscribe token is an HMAC of the id (nothing to store, see newsletter-tokens.ts).
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    /** Trimmed and lower-cased: one row per address and brand, however it was typed. */
    email: text('email').notNull(),
    /** 'footer' or 'checkout'. */
    source: text('source').notNull(),
    locale: text('locale').notNull(),
    /** The version of the consent wording the visitor saw (contracts/newsletter.ts). */
    consentVersion: text('consent_version').notNull(),
    /** When the (latest) confirmation was asked for; the link expires 7 days later. */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** SHA-256 (hex) of the confirmation link's token; kept after use so that a second use can say so. */
    confirmTokenHash: text('confirm_token_hash').notNull(),
    /** When the last confirmation mail was queued: at most one an hour per address. */
    mailQueuedAt: timestamp('mail_queued_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_address_idx').on(t.brandId, t.email),
    uniqueIndex('newsletter_subscriptions_token_idx').on(t.confirmTokenHash),
    // The operator's list of current subscribers per brand.
    index('newsletter_subscriptions_brand_idx').on(t.brandId, t.confirmedAt),
    check('newsletter_subscriptions_source', sql`${t.source} IN ('footer', 'checkout')`),
  ],
);
