import type { AccountExport, AccountOrder, AccountOverview, ClaimRequest } from '@shop/contracts/accounts';
import { accountOrderPageSize, parseOrderLink } from '@shop/contracts/accounts';
import type { Locale } from '@shop/contracts/locale';
import { formatMessage } from '@shop/contracts/messages';
import { toPrice } from '@shop/contracts/money';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { forgetSubscriber } from '#src/modules/newsletter/newsletter.service.ts';
import { OrderNotFound, type Shopper } from '#src/modules/orders/order-access.ts';
import { isSameKey } from '#src/modules/orders/order-key.ts';
import { assignOrder, findOrder } from '#src/modules/orders/orders.repository.ts';
import { presentVoucherUse } from '#src/modules/vouchers/vouchers.repository.ts';
import * as repository from './accounts.repository.ts';
import { presentAccount, wrongPasswordProblem } from './accounts.service.ts';
import type { SignedIn } from './authentication.ts';
import { checkPassword } from './passwords.ts';

/** The account's orders, its data export and its deletion: what the customer has here and takes away. */

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function presentOrder(row: repository.AccountOrderRow, locale: Locale): AccountOrder {
  return {
    id: row.id,
    token: row.order_key,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    closedAt: isoOrNull(row.closed_at),
    paidAt: isoOrNull(row.paid_at),
    // A cart's stored total is set when it closes; until then what its lines add up to.
    total: toPrice(row.status === 'cart' ? row.subtotal_cents - row.discount_cents : row.total_cents, locale),
    itemCount: row.item_count,
    titles: row.titles,
    voucherCount: row.voucher_count,
    vouchers: row.vouchers.map((voucher) => ({ code: voucher.code, ...presentVoucherUse(voucher) })),
    invoiceNumber: row.invoice_number,
  };
}

export async function accountOverview(
  db: Database,
  signedIn: SignedIn,
  page: number,
  locale: Locale,
): Promise<AccountOverview> {
  const pageSize = accountOrderPageSize;
  const { rows, total } = await repository.findAccountOrders(db, signedIn.customer.id, locale, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { items: rows.map((row) => presentOrder(row, locale)), total, page, pageSize };
}

/**
 * The order a claim names: the number and key read from a pasted order link (whose host must be one of
 * the installation's brands, or the one asked), or given as they are. A link that is no order page's
 * address, or leads elsewhere, is a 400 on the `orderLink` field in the caller's language.
 */
async function claimedAccess(
  request: ClaimRequest,
  link: { isBrandHost(hostname: string): Promise<boolean>; requestHost: string; locale: Locale },
): Promise<{ orderId: number; token: string }> {
  if (request.orderLink === undefined) {
    // The schema requires both without a link.
    return { orderId: request.orderId ?? 0, token: request.token ?? '' };
  }
  const parsed = parseOrderLink(request.orderLink);
  if (!parsed) throw linkProblem('orderLink', link.locale);
  const hostname = new URL(`http://${parsed.host}/`).hostname;
  // The Host asked (behind a proxy, the forwarded one, which may list several): its name, if it has one.
  const askedUrl = `http://${link.requestHost.split(',')[0]?.trim() ?? ''}/`;
  const asked = URL.canParse(askedUrl) ? new URL(askedUrl).hostname : null;
  if (hostname !== asked && !(await link.isBrandHost(hostname)))
    throw linkProblem('orderLinkHost', link.locale);
  return { orderId: parsed.orderId, token: parsed.token };
}

function linkProblem(key: 'orderLink' | 'orderLinkHost', locale: Locale): HttpProblem {
  const message = formatMessage(key, locale, { field: 'orderLink' });
  return new HttpProblem(400, 'validation-error', message, [{ field: 'orderLink', message }]);
}

/**
 * Claims an order bought as a guest (SPEC §4): the id and key (typed, or read from the order link)
 * prove it is the caller's; an order that already belongs to another account stays there.
 */
export async function claimOrder(
  db: Database,
  shopper: Shopper & { hostname: string },
  signedIn: SignedIn,
  request: ClaimRequest,
  brands: { isBrandHost(hostname: string): Promise<boolean> },
): Promise<AccountOrder> {
  const access = await claimedAccess(request, {
    isBrandHost: brands.isBrandHost,
    requestHost: shopper.hostname,
    locale: shopper.locale,
  });
  const order = await findOrder(db, access.orderId);
  if (!order || !isSameKey(order.order_key, access.token) || order.brand_id !== shopper.brand.id) {
    throw new OrderNotFound();
  }
  if (!(await assignOrder(db, order.id, signedIn.customer.id))) {
    throw new HttpProblem(409, 'order-claimed', `order ${order.id} belongs to another account`);
  }
  const [row] = (
    await repository.findAccountOrdersById(db, signedIn.customer.id, shopper.locale, order.id)
  ).map((found) => presentOrder(found, shopper.locale));
  if (!row) throw new Error(`claimed order ${order.id} not found in the account`);
  return row;
}

/** Everything stored about the customer (GDPR Art. 15 access, Art. 20 portability), as JSON. */
export async function exportAccount(
  db: Database,
  signedIn: SignedIn,
  locale: Locale,
): Promise<AccountExport> {
  const customerId = signedIn.customer.id;
  const { rows: orders } = await repository.findAccountOrders(db, customerId, locale, {
    limit: 100_000,
    offset: 0,
    includeCarts: true,
  });
  const [{ sessions, resets, mails }, details] = await Promise.all([
    repository.findAccountTraces(db, customerId),
    repository.findOrderDetails(db, customerId, locale),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: presentAccount(signedIn.customer),
    sessions: sessions.map((session) => ({
      createdAt: new Date(session.created_at).toISOString(),
      lastUsedAt: isoOrNull(session.last_used_at),
      expiresAt: new Date(session.expires_at).toISOString(),
      endedAt: isoOrNull(session.ended_at),
    })),
    passwordResets: resets.map((reset) => ({
      requestedAt: new Date(reset.created_at).toISOString(),
      usedAt: isoOrNull(reset.used_at),
    })),
    orders: orders.map((row) => {
      const detail = details.get(row.id);
      return {
        ...presentOrder(row, locale),
        customer: detail?.customer ?? null,
        items: (detail?.items ?? []).map((item) => ({
          title: item.title,
          quantity: item.quantity,
          unitPrice: toPrice(item.unitPriceCents, locale),
        })),
        vouchers: detail?.vouchers ?? [],
      };
    }),
    mails: mails.map((mail) => ({
      kind: mail.kind,
      createdAt: new Date(mail.created_at).toISOString(),
      sentAt: isoOrNull(mail.sent_at),
    })),
  };
}

/**
 * Deletes the account after checking the password (docs/decisions/017-accounts.md): the sign-in and every
 * personal field of the account go at once, its sessions end and its reset links die. Orders that were
 * paid or are waiting for payment keep their buyer data and invoices for the retention the law requires;
 * carts and orders that never became a sale lose their customer data now.
 */
export async function deleteAccount(
  db: Database,
  signedIn: SignedIn,
  password: string,
  locale: Locale,
): Promise<void> {
  if (!(await checkPassword(signedIn.customer.password_hash, password)))
    throw wrongPasswordProblem('password', locale);
  await db.transaction(async (tx) => {
    // Before the address is anonymised: the newsletter knows the customer only by it.
    await forgetSubscriber(tx, signedIn.customer.brand_id, signedIn.customer.email);
    await repository.anonymiseCustomer(tx, signedIn.customer.id);
    await repository.endSessionsOf(tx, signedIn.customer.id, 'account-deleted');
  });
}
