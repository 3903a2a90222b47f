/**
 * The hotel's side (issue 27): hotel staff and the houses they work for, the hotels' API keys, every
 * redemption of a voucher at a desk or through a hotel system, and the monthly statements paid to hotels.
 */
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { hotels } from './catalogue.ts';
import { vouchers } from './orders.ts';
import { staff } from './staff.ts';

/** The hotels a hotel staff member works for (a hotel group's member: all of its houses). */
export const staffHotels = pgTable(
  'staff_hotels',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.hotelId] })],
);

/**
 * A hotel system's key for `/api/hotel-portal`: shown once when made, kept as its SHA-256 (the key holds
 * 192 random bits, so a fast hash is as safe as a slow one and costs nothing per request).
 */
export const hotelApiKeys = pgTable(
  'hotel_api_keys',
  {
    id: serial('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, so that staff can tell keys apart without the key. */
    prefix: text('prefix').notNull(),
    label: text('label').notNull(),
    createdBy: uuid('created_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('hotel_api_keys_hash_idx').on(t.keyHash),
    index('hotel_api_keys_hotel_idx').on(t.hotelId),
  ],
);

/** A month of a hotel's redemptions that the operator has paid: its total frozen at that moment. */
export const hotelStatements = pgTable(
  'hotel_statements',
  {
    id: serial('id').primaryKey(),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    /** The first day of the month. */
    month: date('month').notNull(),
    totalCents: integer('total_cents').notNull(),
    redemptions: integer('redemptions').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    paidBy: uuid('paid_by').references(() => staff.id),
    note: text('note'),
  },
  (t) => [uniqueIndex('hotel_statements_month_idx').on(t.hotelId, t.month)],
);

/**
 * A voucher used for a stay. At most one that is not undone per voucher (the partial unique index):
 * two desks redeeming one voucher at the same moment, on any number of processes, cannot both succeed.
 * The net rate is kept as it was when redeemed, so that a later price change alters no statement.
 */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    hotelId: integer('hotel_id')
      .notNull()
      .references(() => hotels.id),
    arrival: date('arrival').notNull(),
    departure: date('departure').notNull(),
    bookingReference: text('booking_reference'),
    /** Why the stay's nights differ from the voucher's (required then). */
    nightsNote: text('nights_note'),
    netRateCents: integer('net_rate_cents'),
    /** Who redeemed: a staff member, or a hotel system's key. */
    staffId: uuid('staff_id').references(() => staff.id),
    apiKeyId: integer('api_key_id').references(() => hotelApiKeys.id),
    /** The name shown to the hotel ("Anna Desk", or the key's label), kept as it was. */
    redeemedByName: text('redeemed_by_name').notNull(),
    /** The caller's Idempotency-Key: the same key again answers this redemption. */
    idempotencyKey: text('idempotency_key'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneByName: text('undone_by_name'),
    undoNote: text('undo_note'),
    /** Set when the operator pays the month's statement: from then on the redemption cannot be undone. */
    statementId: integer('statement_id').references(() => hotelStatements.id),
  },
  (t) => [
    uniqueIndex('voucher_redemptions_once_idx').on(t.voucherId).where(sql`undone_at IS NULL`),
    uniqueIndex('voucher_redemptions_idempotency_idx')
      .on(t.hotelId, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
    index('voucher_redemptions_hotel_idx').on(t.hotelId, t.redeemedAt),
    index('voucher_redemptions_voucher_idx').on(t.voucherId),
  ],
);
