// The wishes-reminders tables (filled in by its module).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands, offers, variants } from './catalogue.ts';

// — wishes —
/**
 * A visitor's wish for a hotel, theme or region the shop does not have (modules/wishes), with the brand
 * and language it was made in. Operators read them with the query in README.
 */
export const wishes = pgTable(
  'wishes',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    locale: text('locale').notNull(),
    /** As typed (trimmed): an answer goes to the address the visitor gave. */
    email: text('email').notNull(),
    /** 'hotel', 'theme' or 'region' (checked by the contract). */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The operator's question: this brand's wishes, newest first.
  (t) => [index('wishes_brand_idx').on(t.brandId, t.createdAt)],
);

// — reminders —
/**
 * A visitor's wish to be mailed when a sold-out offer (or one variant) can be bought again
 * (modules/reminders). Pending while `notified_at` is null; the dispatch job sets it in the transaction
 * that queues the mail, so each reminder is mailed once. Operators read them with the query in README.
 */
export const stockReminders = pgTable(
  'stock_reminders',
  {
    id: serial('id').primaryKey(),
    /** The brand and language the visitor asked in: the mail speaks both. */
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    locale: text('locale').notNull(),
    /** Trimmed and lower-cased, so that one address asks once per offer. */
    email: text('email').notNull(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** Null: any variant of the offer. */
    variantId: integer('variant_id').references(() => variants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    // One pending reminder per address and offer (or variant); a notified one does not block a new one.
    uniqueIndex('stock_reminders_pending_idx')
      .on(t.brandId, t.email, t.offerId, sql`coalesce(${t.variantId}, 0)`)
      .where(sql`${t.notifiedAt} IS NULL`),
    // What the dispatch job looks up: pending reminders by offer.
    index('stock_reminders_offer_idx').on(t.offerId).where(sql`${t.notifiedAt} IS NULL`),
  ],
);
