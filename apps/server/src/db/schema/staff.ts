/**
 * The back office's people and what they did (issue 25): staff accounts apart from customers, their
 * sessions, the brands they work for, and the append-only audit trail of every change they make.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands } from './catalogue.ts';
import { orders } from './orders.ts';

export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased; one account per address. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** operator, brand-manager, support (contracts/admin.ts `staffRoles`). */
    role: text('role').notNull(),
    /** argon2id; null until the invited member has set a password. */
    passwordHash: text('password_hash'),
    /** The TOTP secret (base32) once confirmed; `totp_pending_secret` while it is being set up. */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** SHA-256 of each unused recovery code; one is removed when it signs in. */
    recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default(sql`'{}'::text[]`),
    /** The last TOTP time step used, so that one code signs in once. */
    totpLastStep: integer('totp_last_step'),
    /** The largest transfer a support member may mark paid (cents); null: no limit. */
    markPaidLimitCents: integer('mark_paid_limit_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_email_idx').on(t.email)],
);

/** The brands a brand manager (or a support member limited to some brands) works for. */
export const staffBrands = pgTable(
  'staff_brands',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.brandId] })],
);

/**
 * A signed-in staff member: the cookie holds `<id>.<secret>`, the row the secret's SHA-256. The secret
 * is replaced every few minutes of use; the one before stays valid for a short grace (parallel
 * requests), anything older presented again ends the session (a stolen copy).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    secretHash: text('secret_hash').notNull(),
    previousHash: text('previous_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Sent back as `x-csrf-token` on every state change. */
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** logout, reuse, disabled, ended-by-owner. */
    endReason: text('end_reason'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** An invitation to set a password: only the token's SHA-256 is kept; it works once, until `expires_at`. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: serial('id').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_invites_token_idx').on(t.tokenHash)],
);

/**
 * Every change staff make: who, what, the record before and after, when and from which address.
 * Append-only: a trigger (migration 0020) refuses UPDATE and DELETE.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: uuid('staff_id').references(() => staff.id),
    /** Kept as it was: the trail still names who acted after an account is renamed. */
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    subject: text('subject'),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
    address: text('address'),
  },
  (t) => [
    index('audit_events_order_idx').on(t.orderId).where(sql`order_id IS NOT NULL`),
    index('audit_events_at_idx').on(t.at),
  ],
);

/**
 * A CSV export of orders asked for in the back office (issue 25): written by the `admin.orders-export`
 * job in batches, its progress readable meanwhile, its file kept for the member who asked for it.
 */
export const orderExports = pgTable(
  'order_exports',
  {
    id: serial('id').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    /** The list's filters and search (no paging), as the orders list sent them. */
    filters: jsonb('filters').notNull(),
    /** The member's brands when asked; null: every brand (an operator). */
    brandIds: integer('brand_ids').array(),
    /** The language of the file's column heads. */
    locale: text('locale').notNull(),
    /** queued, running, done, failed. */
    status: text('status').notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    content: text('content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('order_exports_staff_idx').on(table.staffId, table.createdAt)],
);
