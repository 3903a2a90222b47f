// The insurance tables (modules/insurance).
import { sql } from 'drizzle-orm';
import {
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders, vouchers } from './orders.ts';

/**
 * A travel insurance policy for one voucher (cancellation or curtailment), at most one per voucher and
 * type. Written as `booking` before the insurer is called (outside any transaction) with the
 * idempotency key sent to it, and set to `booked` with the insurer's policy number afterwards: a retry
 * of the same voucher and type reuses the row and its key, so the insurer books at most once. The
 * premium is billed by the insurer; the shop order's total never changes.
 */
export const insurancePolicies = pgTable(
  'insurance_policies',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    type: text('type').notNull(),
    status: text('status').notNull().default('booking'),
    /** The provider that holds the policy ('sandbox': the built-in simulator, its PDFs are specimens). */
    provider: text('provider').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull(),
    premiumCents: integer('premium_cents').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('EUR'),
    /** Curtailment: the first this many days of the trip are covered (SPEC §9); null for cancellation. */
    coveredDays: smallint('covered_days'),
    /** SPEC §3 traveller data (title, names, address), as the insurer got it. */
    travellers: jsonb('travellers').notNull(),
    /** The language of the policy document and the confirmation mail. */
    locale: text('locale').notNull(),
    policyNumber: text('policy_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('insurance_policies_voucher_type_idx').on(t.voucherId, t.type),
    uniqueIndex('insurance_policies_number_idx').on(t.policyNumber),
    index('insurance_policies_order_idx').on(t.orderId),
    check('insurance_policies_type', sql`${t.type} IN ('cancellation', 'curtailment')`),
    check('insurance_policies_status', sql`${t.status} IN ('booking', 'booked')`),
    check('insurance_policies_booked', sql`(${t.status} = 'booked') = (${t.policyNumber} IS NOT NULL)`),
  ],
);
