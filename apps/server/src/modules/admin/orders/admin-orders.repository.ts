/**
 * The back office's reads of orders: the search box and filters over any number of orders, and one
 * order with everything staff need (issue 25). Every read is limited to the member's brands.
 */
import type { AdminOrderDetail, AdminOrderRow, adminOrderSorts } from '@shop/contracts/admin';
import type { Locale } from '@shop/contracts/locale';
import type { OrderStatus, PaymentType } from '@shop/contracts/orders';
import { isWellFormedVoucherCode } from '@shop/contracts/voucher-code';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { findOrderGraph } from '#src/modules/orders/orders.repository.ts';
import { paymentReference } from '#src/modules/orders/payment-reference.ts';
import { orderHistory } from '../audit/audit-trail.ts';

export type OrderSearch = {
  query?: string;
  brand?: string;
  status?: OrderStatus;
  paymentType?: PaymentType;
  from?: string;
  to?: string;
  sort: (typeof adminOrderSorts)[number];
  page: number;
  pageSize: number;
  /** The member's brands; null: all. */
  brandIds: number[] | null;
};

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * What the search box was given, as a condition on `o`: each kind of number has its own shape, so one
 * box serves them all without the operator saying which it is.
 */
export function searchCondition(query: string): SQL {
  const typed = query.trim();
  if (/^\d{1,10}$/.test(typed)) {
    const id = Number(typed);
    return id <= 2_147_483_647 ? sql`o.id = ${id}` : sql`false`;
  }
  // The transfer reference, as the bank statement or the buyer quotes it: DEMO-00000042, demo 00000042.
  const reference = /^([a-z]+)[\s-]?(\d{8})$/i.exec(typed);
  if (reference) {
    return sql`o.id = ${Number(reference[2])} AND b.short = ${(reference[1] as string).toLowerCase()}`;
  }
  if (/^[a-z0-9]+-\d{4}-\d{6}$/i.test(typed)) {
    return sql`o.id IN (SELECT order_id FROM invoices WHERE invoice_number = ${typed.toUpperCase()})`;
  }
  if (isWellFormedVoucherCode(typed)) {
    const symbols = typed.toUpperCase().replace(/[\s-]/g, '');
    const code = `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`;
    return sql`o.id IN (SELECT order_id FROM vouchers WHERE code = ${code})`;
  }
  // The search columns of migration 0026 (lower-cased, kept by PostgreSQL) and their index.
  // An address, or the start of one ("anna.huber"): a dotted word without spaces is no name.
  if (typed.includes('@') || /^[^\s@]+\.[^\s@]*$/.test(typed)) {
    return sql`o.search_email LIKE ${likePrefix(typed)}`;
  }
  // A name: the surname by its start; with more words, the first one is the first name's start.
  const words = typed.split(/\s+/).filter(Boolean);
  const surname = sql`o.search_last_name LIKE ${likePrefix(words.at(-1) ?? '')}`;
  if (words.length < 2) return surname;
  return sql`${surname} AND o.search_first_name LIKE ${likePrefix(words[0] as string)}`;
}

type ListRow = {
  id: number;
  brand_short: string;
  brand_name: string;
  status: OrderStatus;
  payment_type: PaymentType | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  total_cents: number;
  currency: string;
  created_at: Date;
  paid_at: Date | null;
};

/** The orders a search and its filters find, within the member's brands: `FROM … WHERE …` over `o`, `b`. */
export function searchedOrders(search: Omit<OrderSearch, 'sort' | 'page' | 'pageSize'>): SQL {
  const conditions: SQL[] = [];
  // Carts are not orders yet; they appear when asked for by status.
  conditions.push(search.status ? sql`o.status = ${search.status}` : sql`o.status <> 'cart'`);
  if (search.brandIds) conditions.push(sql`o.brand_id = ANY(${sql.param(search.brandIds)}::int[])`);
  if (search.brand) conditions.push(sql`b.short = ${search.brand}`);
  if (search.paymentType) conditions.push(sql`o.payment_type = ${search.paymentType}`);
  // Days as the shop's operators live them (the invoices' time zone).
  if (search.from)
    conditions.push(sql`o.created_at >= (${search.from}::date)::timestamp AT TIME ZONE 'Europe/Berlin'`);
  if (search.to) {
    conditions.push(sql`o.created_at < ((${search.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Berlin')`);
  }
  if (search.query?.trim()) conditions.push(searchCondition(search.query));
  return sql`FROM orders o JOIN brands b ON b.id = o.brand_id WHERE ${sql.join(conditions, sql` AND `)}`;
}

/** The order of a list's rows (id last: the same order every time). */
export const orderSorts: Record<OrderSearch['sort'], SQL> = {
  'created-desc': sql`o.created_at DESC, o.id DESC`,
  'created-asc': sql`o.created_at, o.id`,
  'total-desc': sql`o.total_cents DESC, o.id DESC`,
  'total-asc': sql`o.total_cents, o.id`,
};

export async function searchOrders(
  db: Database,
  search: OrderSearch,
): Promise<{ orders: AdminOrderRow[]; total: number; totalIsCapped: boolean }> {
  const from = searchedOrders(search);
  const columns = sql`o.id, b.short AS brand_short, b.name AS brand_name, o.status, o.payment_type,
    o.customer_data->>'firstName' AS first_name, o.customer_data->>'lastName' AS last_name,
    o.customer_data->>'email' AS email, o.total_cents, o.currency, o.created_at, o.paid_at`;
  const page = sql`ORDER BY ${orderSorts[search.sort]} LIMIT ${search.pageSize} OFFSET ${(search.page - 1) * search.pageSize}`;
  const [rows, counted] = await Promise.all([
    // Planned with the search's value each time: with the search columns' statistics the planner
    // knows whether an address or a name matches a few orders or thousands. The page's order numbers
    // come first, from the search index alone (it holds what the list sorts and filters by), then
    // those 25 orders' rows.
    queryRows<ListRow>(
      db,
      sql`SELECT ${columns} FROM (SELECT o.id ${from} ${page}) found
          JOIN orders o ON o.id = found.id JOIN brands b ON b.id = o.brand_id
          ORDER BY ${orderSorts[search.sort]}`,
      { planEachTime: true },
    ),
    // Counted up to a limit: past it, "more than 10,000" is all a person reads, and counting a million
    // rows would cost more than the page itself.
    queryRows<{ total: string }>(
      db,
      sql`SELECT count(*) AS total FROM (SELECT 1 ${from} LIMIT ${countLimit + 1}) counted`,
      { planEachTime: true },
    ),
  ]);
  const total = Number(counted[0]?.total ?? 0);
  return {
    orders: rows.map((row) => ({
      id: row.id,
      brand: { short: row.brand_short, name: row.brand_name },
      status: row.status,
      paymentType: row.payment_type,
      customerName: [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
      email: row.email,
      totalCents: row.total_cents,
      currency: row.currency,
      createdAt: new Date(row.created_at).toISOString(),
      paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    })),
    total: Math.min(total, countLimit),
    totalIsCapped: total > countLimit,
  };
}

/** How far a list's orders are counted. */
export const countLimit = 10_000;

/** The order's brand, or undefined when it does not exist or is outside the member's brands. */
export async function findOrderBrand(
  db: Database,
  orderId: number,
  brandIds: number[] | null,
): Promise<{ id: number; short: string; name: string } | undefined> {
  const [row] = await queryRows<{ id: number; short: string; name: string }>(
    db,
    sql`SELECT b.id, b.short, b.name FROM orders o JOIN brands b ON b.id = o.brand_id
        WHERE o.id = ${orderId} AND o.status <> 'cart'
          AND (${brandIds === null} OR o.brand_id = ANY(${sql.param(brandIds ?? [])}::int[]))`,
  );
  return row;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** One order as its back-office page shows it; undefined outside the member's brands. */
export async function findAdminOrder(
  db: Database,
  orderId: number,
  brandIds: number[] | null,
  locale: Locale,
  /** Where the brand's shop answers: the buyer's document links work on the brand's own host only. */
  originOf: (brandId: number) => Promise<string>,
): Promise<AdminOrderDetail | undefined> {
  const brand = await findOrderBrand(db, orderId, brandIds);
  if (!brand) return undefined;
  const origin = await originOf(brand.id);
  const graph = await findOrderGraph(db, orderId, locale);
  if (!graph) return undefined;
  const { order, items } = graph;
  const [payments, vouchers, mails, invoices, history, refunds] = await Promise.all([
    queryRows<{
      id: number;
      provider: string;
      status: string;
      amount_cents: number;
      provider_reference: string | null;
      capture_id: string | null;
      created_at: Date;
    }>(
      db,
      sql`SELECT id, provider, status, amount_cents, provider_reference, capture_id, created_at
          FROM payments WHERE order_id = ${orderId} ORDER BY id`,
    ),
    queryRows<{
      id: number;
      code: string;
      guest_data: { firstName: string; lastName: string } | null;
      printed_at: Date | null;
      valid_until: Date;
      voided_at: Date | null;
    }>(
      db,
      sql`SELECT id, code, guest_data, printed_at, valid_until, voided_at FROM vouchers
          WHERE order_id = ${orderId} ORDER BY id`,
    ),
    queryRows<{
      id: number;
      kind: string;
      status: string;
      attempts: number;
      created_at: Date;
      sent_at: Date | null;
    }>(
      db,
      sql`SELECT id, kind, status, attempts, created_at, sent_at FROM mails WHERE order_id = ${orderId} ORDER BY id`,
    ),
    queryRows<{ invoice_number: string }>(
      db,
      sql`SELECT invoice_number FROM invoices WHERE order_id = ${orderId}`,
    ),
    orderHistory(db, orderId),
    queryRows<{
      id: number;
      amount_cents: number;
      voucher_ids: number[];
      status: 'pending' | 'refunded' | 'manual';
      note: string;
      requested_by: string;
      created_at: Date;
      refunded_at: Date | null;
    }>(db, sql`SELECT * FROM order_refunds WHERE order_id = ${orderId} ORDER BY id`),
  ]);
  const customer = order.customer_data;
  const invoiceNumber = invoices[0]?.invoice_number ?? null;
  const link = (kind: 'invoice' | 'voucher', file: string) =>
    `${origin}/api/${kind}/download/${order.id}/${encodeURIComponent(order.order_key)}/${file}`;
  return {
    id: order.id,
    brand: { short: brand.short, name: brand.name },
    status: order.status,
    paymentType: order.payment_type,
    locale: order.locale,
    currency: order.currency,
    subtotalCents: order.subtotal_cents,
    discountCents: order.discount_cents,
    prepaidCents: order.prepaid_cents,
    totalCents: order.total_cents,
    createdAt: iso(order.created_at) as string,
    closedAt: iso(order.closed_at),
    paidAt: iso(order.paid_at),
    holdUntil: iso(order.hold_until),
    transferReference: paymentReference(brand.short, order.id),
    invoiceNumber,
    customer: customer
      ? {
          firstName: customer.firstName ?? null,
          lastName: customer.lastName ?? null,
          email: customer.email ?? null,
          phone: customer.phone || null,
          address:
            [
              [customer.street, customer.houseNumber].filter(Boolean).join(' '),
              [customer.postcode, customer.city].filter(Boolean).join(' '),
              customer.country,
            ]
              .filter(Boolean)
              .join(', ') || null,
          membershipNumber: customer.membershipNumber || null,
        }
      : null,
    items: items.map((item) => ({
      offerTitle: item.title,
      hotelName: item.hotel_name,
      nights: item.nights,
      persons: item.persons,
      quantity: item.quantity,
      priceCents: item.unit_price_cents,
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      provider: payment.provider,
      status: payment.status,
      amountCents: payment.amount_cents,
      reference: payment.provider_reference,
      captureId: payment.capture_id,
      createdAt: iso(payment.created_at) as string,
    })),
    vouchers: vouchers.map((voucher) => ({
      id: voucher.id,
      code: voucher.code,
      guestName: voucher.guest_data ? `${voucher.guest_data.firstName} ${voucher.guest_data.lastName}` : null,
      printedAt: iso(voucher.printed_at),
      validUntil: iso(voucher.valid_until) as string,
      voidedAt: iso(voucher.voided_at),
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amountCents: refund.amount_cents,
      voucherIds: refund.voucher_ids,
      status: refund.status,
      note: refund.note,
      requestedBy: refund.requested_by,
      createdAt: iso(refund.created_at) as string,
      refundedAt: iso(refund.refunded_at),
    })),
    mails: mails.map((mail) => ({
      id: mail.id,
      kind: mail.kind,
      status: mail.status,
      attempts: mail.attempts,
      createdAt: iso(mail.created_at) as string,
      sentAt: iso(mail.sent_at),
    })),
    // The buyer's own links (id + key): what staff open is exactly what the buyer gets.
    documents: [
      ...(invoiceNumber
        ? [
            {
              kind: 'invoice' as const,
              label: invoiceNumber,
              url: link('invoice', `${encodeURIComponent(invoiceNumber)}.pdf`),
            },
          ]
        : []),
      ...vouchers.flatMap((voucher) => [
        { kind: 'voucher' as const, label: voucher.code, url: link('voucher', `${voucher.id}.pdf`) },
        {
          kind: 'voucher-phone' as const,
          label: voucher.code,
          url: link('voucher', `${voucher.id}-phone.pdf`),
        },
      ]),
    ],
    history,
  };
}
