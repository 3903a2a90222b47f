import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { brands } from './catalogue.ts';

/**
 * Every answer to a brand's cookie banner (GDPR Art. 7(1) evidence): the browser's random visitor id, the
 * choice, what the banner showed (wording version, hash of its text, the services it named), its language
 * and when. Deliberately no IP address, user agent or customer: nothing here names a person.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    visitorId: uuid('visitor_id').notNull(),
    choice: text('choice').notNull(),
    bannerVersion: text('banner_version').notNull(),
    textHash: text('text_hash'),
    services: text('services').array().notNull(),
    locale: text('locale').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The operator's question: what did this visitor of this brand answer, latest first.
    index('consent_records_visitor_idx').on(t.brandId, t.visitorId, t.recordedAt),
    check('consent_records_choice', sql`${t.choice} IN ('all', 'necessary')`),
  ],
);
