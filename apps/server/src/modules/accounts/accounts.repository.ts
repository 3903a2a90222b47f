import type { AccountData } from '@shop/contracts/accounts';
import type { Locale } from '@shop/contracts/locale';
import type { OrderStatus } from '@shop/contracts/orders';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';
import { type VoucherUse, voucherUseColumns } from '#src/modules/vouchers/vouchers.repository.ts';

/** The only module of the accounts with SQL: customers, their sessions and password resets. */

export type CustomerRow = {
  id: string;
  brand_id: number;
  email: string;
  password_hash: string;
  gender: number | null;
  first_name: string | null;
  last_name: string | null;
  street: string | null;
  house_number: string | null;
  postcode: string | null;
  city: string | null;
  country_iso: string | null;
  phone: string | null;
  locale: Locale;
  has_newsletter: boolean;
  created_at: Date | string;
  /** The address the customer confirmed by a mailed link; counts only while it equals `email`. */
  confirmed_email: string | null;
};

const customerColumns =
  sql.raw(`c.id, c.brand_id, c.email, c.password_hash, c.gender, c.first_name, c.last_name,
  c.street, c.house_number, c.postcode, c.city, c.country_iso, c.phone, c.locale, c.has_newsletter, c.created_at,
  c.confirmed_email`);

/** A live account by its sign-in address, on one brand (addresses compare case-insensitively). */
export async function findCustomerByEmail(
  db: Database,
  brandId: number,
  email: string,
): Promise<CustomerRow | undefined> {
  const [row] = await queryRows<CustomerRow>(
    db,
    sql`SELECT ${customerColumns} FROM customers c
        WHERE c.brand_id = ${brandId} AND lower(c.email) = lower(${email}) AND c.deleted_at IS NULL`,
  );
  return row;
}

export async function findCustomer(
  db: Database,
  id: string,
  forUpdate = false,
): Promise<CustomerRow | undefined> {
  const [row] = await queryRows<CustomerRow>(
    db,
    forUpdate
      ? sql`SELECT ${customerColumns} FROM customers c WHERE c.id = ${id} AND c.deleted_at IS NULL FOR UPDATE`
      : sql`SELECT ${customerColumns} FROM customers c WHERE c.id = ${id} AND c.deleted_at IS NULL`,
  );
  return row;
}

/**
 * The customer behind an access token, in one round trip: only while the token's session is open and
 * unexpired, the account not deleted, and both on the token's brand.
 */
export async function findSignedInCustomer(
  db: Database,
  claims: { sessionId: string; customerId: string; brandId: number },
): Promise<CustomerRow | undefined> {
  const [row] = await queryRows<CustomerRow>(
    db,
    sql`SELECT ${customerColumns} FROM customer_sessions s JOIN customers c ON c.id = s.customer_id
        WHERE s.id = ${claims.sessionId} AND s.customer_id = ${claims.customerId} AND s.ended_at IS NULL
          AND s.expires_at > now() AND c.deleted_at IS NULL AND c.brand_id = ${claims.brandId}`,
  );
  return row;
}

export type NewCustomer = {
  brandId: number;
  email: string;
  passwordHash: string;
  gender: number;
  firstName: string;
  lastName: string;
  locale: Locale;
  hasNewsletter: boolean;
};

/** The new account, or undefined when the address is taken on this brand (also by a concurrent insert). */
export async function insertCustomer(db: Database, customer: NewCustomer): Promise<CustomerRow | undefined> {
  const [row] = await queryRows<CustomerRow>(
    db,
    sql`INSERT INTO customers AS c (brand_id, email, password_hash, gender, first_name, last_name, locale, has_newsletter)
        VALUES (${customer.brandId}, ${customer.email}, ${customer.passwordHash}, ${customer.gender},
          ${customer.firstName}, ${customer.lastName}, ${customer.locale}, ${customer.hasNewsletter})
        ON CONFLICT (brand_id, lower(email)) DO NOTHING
        RETURNING ${customerColumns}`,
  );
  return row;
}

export async function updateCustomerData(db: Database, id: string, data: AccountData): Promise<CustomerRow> {
  const [row] = await queryRows<CustomerRow>(
    db,
    sql`UPDATE customers AS c SET gender = ${data.salutation}, first_name = ${data.firstName},
          last_name = ${data.lastName}, street = ${data.street || null}, house_number = ${data.houseNumber || null},
          postcode = ${data.postcode || null}, city = ${data.city || null}, country_iso = ${data.country},
          phone = ${data.phone || null}, has_newsletter = ${data.newsletter}
        WHERE c.id = ${id} AND c.deleted_at IS NULL RETURNING ${customerColumns}`,
  );
  if (!row) throw new Error(`customer ${id} vanished while updating`);
  return row;
}

export async function setPasswordHash(db: Database, id: string, passwordHash: string): Promise<void> {
  await db.execute(sql`UPDATE customers SET password_hash = ${passwordHash} WHERE id = ${id}`);
}

// --- Sessions ------------------------------------------------------------------------------------------

export type SessionRow = {
  id: string;
  customer_id: string;
  refresh_hash: string;
  previous_hash: string | null;
  rotated_at: Date | string | null;
  expires_at: Date | string;
  ended_at: Date | string | null;
};

export async function insertSession(
  db: Database,
  session: { customerId: string; refreshHash: string; lifetimeSeconds: number },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO customer_sessions (customer_id, refresh_hash, expires_at, last_used_at)
        VALUES (${session.customerId}, ${session.refreshHash},
          now() + make_interval(secs => ${session.lifetimeSeconds}), now())
        RETURNING id`,
  );
  if (!row) throw new Error('insert into customer_sessions returned nothing');
  return row.id;
}

export async function findSession(db: Database, id: string): Promise<SessionRow | undefined> {
  const [row] = await queryRows<SessionRow>(
    db,
    sql`SELECT id, customer_id, refresh_hash, previous_hash, rotated_at, expires_at, ended_at
        FROM customer_sessions WHERE id = ${id}`,
  );
  return row;
}

/**
 * Replaces the session's refresh hash, only if it is still `currentHash` (of two refreshes with the same
 * credential, exactly one wins) and the session is open. Extends the session: it expires after a
 * lifetime of not being used.
 */
export async function rotateSession(
  db: Database,
  rotation: { id: string; currentHash: string; nextHash: string; lifetimeSeconds: number },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE customer_sessions SET refresh_hash = ${rotation.nextHash}, previous_hash = refresh_hash,
          rotated_at = now(), last_used_at = now(), expires_at = now() + make_interval(secs => ${rotation.lifetimeSeconds})
        WHERE id = ${rotation.id} AND refresh_hash = ${rotation.currentHash} AND ended_at IS NULL AND expires_at > now()
        RETURNING id`,
  );
  return rows.length === 1;
}

export type EndReason = 'logout' | 'password-change' | 'password-reset' | 'refresh-reuse' | 'account-deleted';

export async function endSession(db: Database, id: string, reason: EndReason): Promise<void> {
  await db.execute(
    sql`UPDATE customer_sessions SET ended_at = now(), end_reason = ${reason} WHERE id = ${id} AND ended_at IS NULL`,
  );
}

/** Ends every open session of the customer, except `keep` (the one changing the password). */
export async function endSessionsOf(
  db: Database,
  customerId: string,
  reason: EndReason,
  keep?: string,
): Promise<void> {
  await db.execute(
    keep
      ? sql`UPDATE customer_sessions SET ended_at = now(), end_reason = ${reason}
            WHERE customer_id = ${customerId} AND ended_at IS NULL AND id <> ${keep}`
      : sql`UPDATE customer_sessions SET ended_at = now(), end_reason = ${reason}
            WHERE customer_id = ${customerId} AND ended_at IS NULL`,
  );
}

// --- Password resets -----------------------------------------------------------------------------------

export async function insertPasswordReset(
  db: Database,
  reset: { customerId: string; tokenHash: string; lifetimeSeconds: number },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO password_resets (customer_id, token_hash, expires_at)
        VALUES (${reset.customerId}, ${reset.tokenHash}, now() + make_interval(secs => ${reset.lifetimeSeconds}))`,
  );
}

/** Uses the reset once: true only for the first use of an unexpired token of this customer. */
export async function consumePasswordReset(
  db: Database,
  customerId: string,
  tokenHash: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE password_resets SET used_at = now()
        WHERE token_hash = ${tokenHash} AND customer_id = ${customerId} AND used_at IS NULL AND expires_at > now()
        RETURNING id`,
  );
  return rows.length === 1;
}

/** Links still open for the customer are void once the password changed another way. */
export async function voidPasswordResets(db: Database, customerId: string): Promise<void> {
  await db.execute(
    sql`UPDATE password_resets SET used_at = now() WHERE customer_id = ${customerId} AND used_at IS NULL`,
  );
}

// --- The account's orders ------------------------------------------------------------------------------

export type AccountOrderRow = {
  id: number;
  order_key: string;
  status: OrderStatus;
  created_at: Date | string;
  closed_at: Date | string | null;
  paid_at: Date | string | null;
  total_cents: number;
  subtotal_cents: number;
  discount_cents: number;
  item_count: number;
  titles: string[];
  voucher_count: number;
  vouchers: ({ code: string } & VoucherUse)[];
  invoice_number: string | null;
};

const accountOrderColumns = (
  locale: Locale,
) => sql` o.id, o.order_key, o.status, o.created_at, o.closed_at, o.paid_at, o.total_cents, o.subtotal_cents,
          o.discount_cents,
          coalesce((SELECT sum(i.quantity) FROM order_items i WHERE i.order_id = o.id), 0)::int AS item_count,
          coalesce((SELECT array_agg(${translatedSql('f.title', locale)} ORDER BY i.id)
                    FROM order_items i JOIN variants v ON v.id = i.variant_id JOIN offers f ON f.id = v.offer_id
                    WHERE i.order_id = o.id), '{}') AS titles,
          (SELECT count(*) FROM vouchers vo WHERE vo.order_id = o.id)::int AS voucher_count,
          coalesce((SELECT json_agg(json_build_object('code', u.code, 'state', u.state, 'used_at', u.used_at)
                      ORDER BY u.id)
                    FROM (SELECT vo.id, vo.code, ${voucherUseColumns} FROM vouchers vo WHERE vo.order_id = o.id) u),
                   '[]') AS vouchers,
          (SELECT iv.invoice_number FROM invoices iv WHERE iv.order_id = o.id) AS invoice_number`;

/**
 * The orders that belong to the customer, newest first: the closed ones (the order list), or with
 * `includeCarts` also the carts that hold something (the data export).
 */
export async function findAccountOrders(
  db: Database,
  customerId: string,
  locale: Locale,
  page: { limit: number; offset: number; includeCarts?: boolean },
): Promise<{ rows: AccountOrderRow[]; total: number }> {
  const shown = page.includeCarts
    ? sql`(o.status <> 'cart' OR EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id))`
    : sql`o.status <> 'cart'`;
  const rows = await queryRows<AccountOrderRow & { total: number }>(
    db,
    sql`SELECT ${accountOrderColumns(locale)}, count(*) OVER ()::int AS total
        FROM orders o
        WHERE o.customer_id = ${customerId}
          AND ${shown}
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  if (rows.length > 0 || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  // Past the last page: still say how many there are.
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM orders o WHERE o.customer_id = ${customerId}
          AND ${shown}`,
  );
  return { rows, total: count?.total ?? 0 };
}

/** The account's newest cart that is still a cart (to continue with after signing in elsewhere). */
export async function findOpenCart(
  db: Database,
  customerId: string,
): Promise<{ id: number; order_key: string } | undefined> {
  const [row] = await queryRows<{ id: number; order_key: string }>(
    db,
    sql`SELECT id, order_key FROM orders WHERE customer_id = ${customerId} AND status = 'cart'
        ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return row;
}

/** One order of the customer, as the account lists it. */
export function findAccountOrdersById(
  db: Database,
  customerId: string,
  locale: Locale,
  orderId: number,
): Promise<AccountOrderRow[]> {
  return queryRows<AccountOrderRow>(
    db,
    sql`SELECT ${accountOrderColumns(locale)} FROM orders o WHERE o.id = ${orderId} AND o.customer_id = ${customerId}`,
  );
}

export type OrderDetail = {
  customer: Record<string, unknown> | null;
  items: { title: string; quantity: number; unitPriceCents: number }[];
  vouchers: { code: string; guest: Record<string, unknown> | null }[];
};

/** The customer data, lines and vouchers of each of the customer's orders, by order id (for the export). */
export async function findOrderDetails(
  db: Database,
  customerId: string,
  locale: Locale,
): Promise<Map<number, OrderDetail>> {
  const rows = await queryRows<{ id: number } & OrderDetail>(
    db,
    sql`SELECT o.id, o.customer_data AS customer,
          coalesce((SELECT json_agg(json_build_object('title', ${translatedSql('f.title', locale)},
                      'quantity', i.quantity, 'unitPriceCents', i.unit_price_cents) ORDER BY i.id)
                    FROM order_items i JOIN variants v ON v.id = i.variant_id JOIN offers f ON f.id = v.offer_id
                    WHERE i.order_id = o.id), '[]') AS items,
          coalesce((SELECT json_agg(json_build_object('code', vo.code, 'guest', vo.guest_data) ORDER BY vo.id)
                    FROM vouchers vo WHERE vo.order_id = o.id), '[]') AS vouchers
        FROM orders o WHERE o.customer_id = ${customerId}`,
  );
  return new Map(rows.map(({ id, ...detail }) => [id, detail]));
}

/** Sessions, reset requests and mails of the customer (for the export: when, never secrets). */
export async function findAccountTraces(db: Database, customerId: string) {
  const [sessions, resets, mails] = await Promise.all([
    queryRows<{
      created_at: string;
      last_used_at: string | null;
      expires_at: string;
      ended_at: string | null;
    }>(
      db,
      sql`SELECT created_at, last_used_at, expires_at, ended_at FROM customer_sessions
          WHERE customer_id = ${customerId} ORDER BY created_at`,
    ),
    queryRows<{ created_at: string; used_at: string | null }>(
      db,
      sql`SELECT created_at, used_at FROM password_resets WHERE customer_id = ${customerId} ORDER BY created_at`,
    ),
    queryRows<{ kind: string; created_at: string; sent_at: string | null }>(
      db,
      sql`SELECT m.kind, m.created_at, m.sent_at FROM mails m
          WHERE m.customer_id = ${customerId}
             OR m.order_id IN (SELECT id FROM orders WHERE customer_id = ${customerId})
          ORDER BY m.created_at, m.id`,
    ),
  ]);
  return { sessions, resets, mails };
}

/**
 * Deletion (docs/decisions/017-accounts.md): the account row stays for the orders that name it, without
 * a sign-in or any personal field; reset links and mail payloads go; orders that never became a sale lose
 * their customer data. Paid or payable orders keep theirs, as invoices and bookkeeping require.
 */
export async function anonymiseCustomer(tx: Database, customerId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE customers SET email = 'deleted-' || id || '@invalid', password_hash = '!deleted', gender = NULL,
          first_name = NULL, last_name = NULL, street = NULL, house_number = NULL, postcode = NULL, city = NULL,
          country_iso = NULL, phone = NULL, has_newsletter = false, deleted_at = now(), confirmed_email = NULL
        WHERE id = ${customerId}`,
  );
  await tx.execute(sql`DELETE FROM password_resets WHERE customer_id = ${customerId}`);
  await tx.execute(sql`DELETE FROM address_confirmations WHERE customer_id = ${customerId}`);
  await tx.execute(sql`UPDATE mails SET payload = NULL WHERE customer_id = ${customerId}`);
  await tx.execute(
    sql`UPDATE orders SET customer_data = NULL
        WHERE customer_id = ${customerId} AND status IN ('cart', 'cancelled', 'expired')`,
  );
}

// --- Guest orders of the account's address ---------------------------------------------------------------

/**
 * Orders bought as a guest on the brand with this address (compared case-insensitively, as typed at the
 * checkout): closed, and in no account. Newest first.
 */
const guestOrdersOf = (brandId: number, email: string) =>
  sql`o.brand_id = ${brandId} AND o.customer_id IS NULL AND o.status <> 'cart'
      AND lower(trim(o.customer_data->>'email')) = lower(trim(${email}))`;

/** The newest guest order of the address, if any (whether to mail a confirmation link). */
export async function findNewestGuestOrderId(
  db: Database,
  brandId: number,
  email: string,
): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT o.id FROM orders o WHERE ${guestOrdersOf(brandId, email)} ORDER BY o.id DESC LIMIT 1`,
  );
  return row?.id ?? null;
}

/** The guest orders of the address, as the account lists orders (at most 100, newest first). */
export function findGuestOrders(
  db: Database,
  brandId: number,
  email: string,
  locale: Locale,
): Promise<AccountOrderRow[]> {
  return queryRows<AccountOrderRow>(
    db,
    sql`SELECT ${accountOrderColumns(locale)} FROM orders o WHERE ${guestOrdersOf(brandId, email)}
        ORDER BY o.created_at DESC, o.id DESC LIMIT 100`,
  );
}

/** Moves the named guest orders of the address into the account; answers the ids moved. */
export async function assignGuestOrders(
  db: Database,
  customer: { id: string; brandId: number; email: string },
  orderIds: number[],
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE orders o SET customer_id = ${customer.id}, updated_at = now()
        WHERE o.id = ANY(${sql.param(orderIds)}::int[])
          AND ${guestOrdersOf(customer.brandId, customer.email)}
        RETURNING o.id`,
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function insertAddressConfirmation(
  db: Database,
  link: { customerId: string; email: string; tokenHash: string; lifetimeSeconds: number },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO address_confirmations (customer_id, email, token_hash, expires_at)
        VALUES (${link.customerId}, ${link.email}, ${link.tokenHash},
                now() + make_interval(secs => ${link.lifetimeSeconds}))`,
  );
}

/**
 * Uses a confirmation link of the customer once, while it is valid and the account's address is still the
 * one it was sent to; the address then counts as confirmed. False when the link is unknown, another
 * customer's, used, expired or for an address the account no longer has.
 */
export async function consumeAddressConfirmation(
  db: Database,
  customer: { id: string; email: string },
  tokenHash: string,
): Promise<boolean> {
  const [used] = await queryRows<{ email: string }>(
    db,
    sql`UPDATE address_confirmations SET used_at = now()
        WHERE token_hash = ${tokenHash} AND customer_id = ${customer.id} AND used_at IS NULL
          AND expires_at > now() AND lower(email) = lower(${customer.email})
        RETURNING email`,
  );
  if (!used) return false;
  await db.execute(sql`UPDATE customers SET confirmed_email = ${customer.email} WHERE id = ${customer.id}`);
  return true;
}
