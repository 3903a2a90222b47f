import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands, referralTokens, variants } from './catalogue.ts';
import { translated } from './types.ts';

/** A shop account. Guests have no row here; their orders carry the customer data inline. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    gender: smallint('gender'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    street: text('street'),
    houseNumber: text('house_number'),
    postcode: text('postcode'),
    city: text('city'),
    countryIso: char('country_iso', { length: 2 }),
    phone: text('phone'),
    locale: text('locale').notNull().default('de'),
    hasNewsletter: boolean('has_newsletter').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the customer deleted the account: the row stays, anonymised, for the orders that name it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The address the customer proved to read, by following a link mailed to it (address_confirmations);
     * it counts only while it is still `email`. Guest orders of the address are offered once it does.
     */
    confirmedEmail: text('confirmed_email'),
  },
  (t) => [uniqueIndex('customers_brand_email_idx').on(t.brandId, sql`lower(${t.email})`)],
);

/**
 * A signed-in browser: the refresh credential (a cookie) is `<id>.<secret>`; only the secret's SHA-256 is
 * kept. Each refresh replaces it; the one before stays known for a short grace, so a second tab refreshing
 * at the same moment is not mistaken for a stolen credential (anything older ends the session).
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    refreshHash: text('refresh_hash').notNull(),
    previousHash: text('previous_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** logout, password-change, password-reset, refresh-reuse, account-deleted. */
    endReason: text('end_reason'),
  },
  (t) => [index('customer_sessions_customer_idx').on(t.customerId)],
);

/** A password reset link: only the token's SHA-256 is kept; it works once, until `expires_at`. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_resets_token_idx').on(t.tokenHash),
    index('password_resets_customer_idx').on(t.customerId),
  ],
);

/**
 * A link mailed to a customer's address to confirm it (and so be offered the guest orders bought with
 * it): bound to the customer and the address it was sent to; only the token's SHA-256 is kept; it works
 * once, until `expires_at`.
 */
export const addressConfirmations = pgTable(
  'address_confirmations',
  {
    id: serial('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('address_confirmations_token_idx').on(t.tokenHash),
    index('address_confirmations_customer_idx').on(t.customerId),
  ],
);

/** Promotion codes ('+' fixed amount off, '%' fraction off). Usage limits are enforced on this row. */
export const reductions = pgTable(
  'reductions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id').references(() => brands.id),
    code: text('code').notNull(),
    name: translated('name').notNull(),
    operation: char('operation', { length: 1 }).notNull(),
    /** Cents for '+', basis points (1/10000) for '%'. */
    value: integer('value').notNull(),
    minimumOrderCents: integer('minimum_order_cents').notNull().default(0),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    usedCount: integer('used_count').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /** The offers whose vouchers the code reduces; null: every offer. */
    offerIds: integer('offer_ids').array(),
  },
  // One code in any case over every brand: a code typed on a brand is looked up there and among the
  // shared ones, so the same code on two brands would be two promotions behind one word.
  (t) => [uniqueIndex('reductions_code_idx').on(sql`lower(${t.code})`)],
);

/** Gift cards and account credit: a balance in cents, debited with a conditional update. */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: integer('brand_id').references(() => brands.id),
    tan: text('tan').notNull(),
    customerId: uuid('customer_id').references(() => customers.id),
    initialCents: integer('initial_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('EUR'),
    validTo: timestamp('valid_to', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Blocked in the back office: the order API refuses it as invalid (migration 0031). */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    recipientName: text('recipient_name'),
    /** The staff member who issued it (no FK here: staff.ts imports this module; the migration has it). */
    issuedBy: uuid('issued_by'),
  },
  (t) => [uniqueIndex('gift_cards_tan_idx').on(t.tan)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The order key: a long random secret; guests prove access with id + key. */
    orderKey: text('order_key').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    customerId: uuid('customer_id').references(() => customers.id),
    status: text('status').notNull().default('cart'),
    currency: char('currency', { length: 3 }).notNull().default('EUR'),
    locale: text('locale').notNull().default('de'),
    paymentType: text('payment_type'),
    reductionId: integer('reduction_id').references(() => reductions.id),
    customerData: jsonb('customer_data'),
    referralTokenId: integer('referral_token_id').references(() => referralTokens.id),
    referral: jsonb('referral'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    prepaidCents: integer('prepaid_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Stock, code and gift cards are held for a closed, unpaid order until then. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** The customer's opt-ins at the end of the checkout (e-mail, phone, newsletter). */
    optins: jsonb('optins'),
    /** Notifications of the last validation, until the client has read them. */
    notifications: jsonb('notifications').notNull().default(sql`'[]'::jsonb`),
    /**
     * Who closed it for a bank transfer, to count a client's open transfers (docs/decisions/020): an
     * HMAC of the client's IP address (IPv6 by its /64) under an installation secret, never the address.
     */
    clientHash: text('client_hash'),
    /** The customer's address as `emailIdentity` normalises it, set with `client_hash`. */
    emailKey: text('email_key'),
    /**
     * The variants a bank transfer holds, set with `client_hash`: the partial index below finds the open
     * transfers holding a variant among them only, however many orders there were before.
     */
    transferVariantIds: integer('transfer_variant_ids').array(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId),
    index('orders_status_idx').on(t.status),
    // The back office's order list: newest first, of all brands or of one (issue 25).
    index('orders_created_idx').on(t.createdAt),
    index('orders_brand_created_idx').on(t.brandId, t.createdAt),
    index('orders_hold_idx').on(t.holdUntil).where(sql`hold_until IS NOT NULL`),
    index('orders_open_transfer_client_idx').on(t.clientHash).where(sql`status = 'awaiting-payment'`),
    index('orders_open_transfer_email_idx').on(t.emailKey).where(sql`status = 'awaiting-payment'`),
    index('orders_open_transfer_variants_idx')
      .using('gin', t.transferVariantIds)
      .where(sql`status = 'awaiting-payment'`),
  ],
);

/** One redemption of a promotion code by a closed order; counts against per-customer limits. */
export const reductionRedemptions = pgTable(
  'reduction_redemptions',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reductionId: integer('reduction_id')
      .notNull()
      .references(() => reductions.id),
    /** The order's customer address as `emailIdentity` normalises it: guests are told apart by it. */
    customerEmail: text('customer_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reduction_redemptions_customer_idx').on(t.reductionId, t.customerEmail)],
);

/**
 * A payment attempt with a provider (PayPal order, Amazon Pay checkout session). At most one captured
 * payment per order, enforced by a partial unique index.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's id: PayPal order id, Amazon Pay checkout session id. */
    providerReference: text('provider_reference').notNull(),
    /** created, captured, declined, cancelled, refund-pending, refunded (payments.repository.ts). */
    status: text('status').notNull().default('created'),
    amountCents: integer('amount_cents').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('EUR'),
    approvalUrl: text('approval_url'),
    captureId: text('capture_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the reconciliation asks the provider about this payment next; null once its outcome is known
     * (captured, declined, refunded, or the provider said nothing was taken). docs/decisions/024.
     */
    checkAfter: timestamp('check_after', { withTimezone: true }).defaultNow(),
    /** Answers so far that left the outcome open (the pause before the next one doubles with each). */
    checks: integer('checks').notNull().default(0),
    /** When the provider was last asked. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_reference_idx').on(t.provider, t.providerReference),
    uniqueIndex('payments_one_capture_idx').on(t.orderId).where(sql`status = 'captured'`),
    index('payments_order_idx').on(t.orderId),
    index('payments_check_idx').on(t.checkAfter).where(sql`check_after IS NOT NULL`),
  ],
);

/** Provider notifications (webhooks, IPN) already processed: each event id is handled once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** When it was (last) claimed for processing. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while it is being processed, or when the process handling it died: a redelivery may take it. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The built-in payment simulator's side (PAYMENTS_MODE=sandbox): what the "provider" knows about a
 * payment. In the database so that every server process sees the same state.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    /** Random: whoever knows it can approve or decline the payment on its simulator page. */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    /** created, approved, cancelled, declined, timeout, expired, captured. */
    state: text('state').notNull().default('created'),
    amountCents: integer('amount_cents').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** The create call's request id: a retried create answers the payment it created before. */
    requestId: text('request_id'),
    captureId: text('capture_id'),
    /** The request id of the capture (PayPal-Request-Id / Idempotency-Key): a repeat returns the same capture. */
    captureRequestId: text('capture_request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_payments_request_idx').on(t.provider, t.requestId)],
);

/** The simulator's refunds, kept so that a retried refund (same request id) answers the same refund id. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    requestId: text('request_id').notNull(),
    captureId: text('capture_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_refunds_request_idx').on(t.provider, t.requestId)],
);

/**
 * Secrets that differ per installation and must be the same in all of its processes (the simulator's
 * webhook key): made at first use, never in the source or the environment.
 */
export const installationSecrets = pgTable('installation_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('EUR'),
  },
  // One line per variant: adding a unit again raises its quantity (INSERT … ON CONFLICT).
  (t) => [uniqueIndex('order_items_order_variant_idx').on(t.orderId, t.variantId)],
);

/** Gift card amounts applied to an order (shown as prepaid in the summary). */
export const orderGiftCards = pgTable(
  'order_gift_cards',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.giftCardId] })],
);

/** One voucher per unit bought; valid three years; guest data locks once printed. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    code: text('code').notNull(),
    guestData: jsonb('guest_data'),
    /** The buyer's words to the recipient, printed on the voucher (vouchers are often gifts). */
    message: text('message'),
    /** plain or gift. */
    layout: text('layout').notNull().default('plain'),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    /** The voucher is void from then on (refunded): its PDF says so, and no hotel may redeem it. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('vouchers_code_idx').on(t.code), index('vouchers_order_idx').on(t.orderId)],
);

/**
 * Money given back to a buyer by staff (issue 25): the whole order or some of its vouchers. A provider
 * payment is refunded through the provider by a job (`pending` until it confirms); a bank transfer is
 * paid back by the operator's bank (`manual`).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: integer('payment_id').references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    voucherIds: integer('voucher_ids').array().notNull(),
    /** pending, refunded, manual. */
    status: text('status').notNull(),
    note: text('note').notNull(),
    requestedBy: text('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    providerRefundId: text('provider_refund_id'),
  },
  (t) => [index('order_refunds_order_idx').on(t.orderId)],
);

/** Invoice numbers are gap-free per brand and year, allocated from invoice_counters under a row lock. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    year: smallint('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.year] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    year: smallint('year').notNull(),
    number: integer('number').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    totalCents: integer('total_cents').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Everything the invoice says, fixed in the transaction that issues it (modules/invoices,
     * docs/decisions/016): the PDF is rendered from this alone. NULL only on invoices issued before
     * migration 0007, which take theirs at their first download; a trigger keeps a stored one unchanged.
     */
    snapshot: jsonb('snapshot'),
  },
  (t) => [
    uniqueIndex('invoices_brand_year_number_idx').on(t.brandId, t.year, t.number),
    uniqueIndex('invoices_order_idx').on(t.orderId),
    // The back office finds an order by its invoice number.
    uniqueIndex('invoices_number_idx').on(t.invoiceNumber),
  ],
);

/**
 * The mail outbox: a row is written in the transaction whose state change causes the mail, with a job
 * that sends it; `dedupe_key` keeps a repeated change (a webhook and the buyer's return) to one mail.
 */
export const mails = pgTable(
  'mails',
  {
    id: serial('id').primaryKey(),
    /**
     * Who a mail is for: the order it is about, the customer (account mails), or a bare address with its
     * brand and language (newsletter confirmation, back-in-stock reminder): exactly one of the three.
     */
    orderId: integer('order_id').references(() => orders.id),
    customerId: uuid('customer_id').references(() => customers.id),
    recipient: text('recipient'),
    brandId: integer('brand_id').references(() => brands.id),
    locale: text('locale'),
    /** One of `mailKinds` (mail-outbox.ts). */
    kind: text('kind').notNull(),
    /**
     * What an account mail needs beyond the customer row (the reset link's token). Cleared once the mail
     * is sent, so that the plain token lives only until then; the database keeps only its hash.
     */
    payload: jsonb('payload'),
    dedupeKey: text('dedupe_key').notNull(),
    /** queued, sent. */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mails_dedupe_idx').on(t.dedupeKey), index('mails_order_idx').on(t.orderId)],
);

/**
 * Every bank statement entry imported (camt.053), keyed by the bank's id for it: importing the same
 * statement again changes nothing. `outcome` is what the import decided (paid, underpaid, …).
 */
/**
 * Every statement file imported, however it came (uploaded in the back office, the inbox folder, the
 * command): the back office lists them with what became of each entry. An uploaded file's text is kept
 * here, so any process on any machine can import it (issue 25).
 */
export const bankStatements = pgTable('bank_statements', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  /** upload, inbox, command. */
  source: text('source').notNull(),
  /** The uploaded file's text (camt.053 XML); null for files read from the inbox folder or the command. */
  content: text('content'),
  /** The staff member who uploaded it (no FK: staff.ts imports this module). */
  uploadedBy: uuid('uploaded_by'),
  /** queued, importing, done, failed. */
  status: text('status').notNull().default('queued'),
  /** What the import counted per outcome (paid, unmatched, …), once done. */
  counts: jsonb('counts'),
  /** Why a file is not a camt.053 statement we can read (camt053.ts `StatementProblem`). */
  problem: jsonb('problem'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export const bankTransactions = pgTable(
  'bank_transactions',
  {
    entryId: text('entry_id').primaryKey(),
    statementId: text('statement_id').notNull(),
    bookingDate: text('booking_date').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    remittance: text('remittance').notNull(),
    outcome: text('outcome').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    /** The file it came in (null for entries imported before files were recorded). */
    bankStatementId: integer('bank_statement_id').references(() => bankStatements.id),
    /** Staff looked at it and decided (assigned it to an order, or noted why nothing is to be done). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by'),
    handledNote: text('handled_note'),
  },
  (t) => [
    index('bank_transactions_order_idx').on(t.orderId),
    index('bank_transactions_statement_idx').on(t.bankStatementId),
  ],
);
