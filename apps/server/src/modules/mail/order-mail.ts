import { voucherAnchor } from '@shop/contracts/site-paths';
import { sql } from 'drizzle-orm';
import type { PaymentsConfig } from '#src/config.ts';
import { type Database, queryRows } from '#src/db/client.ts';
import type { BrandConfig, BrandConfigs } from '#src/modules/brands/brand-config.ts';
import type { Brand, BrandDirectory } from '#src/modules/brands/brand-directory.ts';
import { sellerOf } from '#src/modules/brands/seller.ts';
import { findLegalPages } from '#src/modules/content/legal-pages.ts';
import { epcPayload, epcQrPng } from '#src/modules/documents/epc-qr.ts';
import { legalPagesPdfFile, renderLegalPagesPdf } from '#src/modules/documents/legal-pages-pdf.ts';
import { pdfToBuffer } from '#src/modules/documents/pdf-buffer.ts';
import { composeInsurancePolicyMail } from '#src/modules/insurance/insurance-mail.ts';
import { snapshotOf } from '#src/modules/orders/order-snapshot.ts';
import { findOrder } from '#src/modules/orders/orders.repository.ts';
import { paymentReference } from '#src/modules/orders/payment-reference.ts';
import type { MailRow } from './mail-outbox.ts';
import type { MailSender, OutgoingMail } from './mail-transport.ts';
import {
  type LegalInformation,
  type MailBrand,
  type MailMessage,
  type MailOrder,
  renderMail,
  type WireTransferDetails,
} from './templates/render-mail.ts';

export type OrderMailDeps = {
  db: Database;
  brands: Pick<BrandDirectory, 'byId'>;
  brandConfigs: BrandConfigs;
  payments: PaymentsConfig;
};

const qrCid = 'girocode@shop';

/** How a brand appears in its mails: name, colours, contacts (the same for order and account mails). */
export function mailBrandOf(brand: Pick<Brand, 'origin'>, config: BrandConfig): MailBrand {
  return {
    name: config.storeName,
    logoUrl: null,
    colors: { primary: config.colors.primary, primaryContrast: config.colors.primaryContrast },
    supportEmail: config.supportMail || null,
    supportPhone: config.supportPhone || null,
    website: brand.origin,
    seller: sellerOf(config),
  };
}

/**
 * Who a brand's mails come from and where replies go (the config's `mailSender`): the From name is the
 * shop's, its address the installation's MAIL_FROM unless the brand names its own, Reply-To the brand's
 * service address. Every composer puts it on its mail.
 */
export function mailSenderOf(config: BrandConfig): MailSender {
  return {
    name: config.mailSender.name ?? config.storeName,
    address: config.mailSender.address ?? null,
    replyTo: config.mailSender.replyTo ?? config.supportMail,
  };
}

/**
 * Builds the mail an outbox row stands for from the order as it is now, in the order's language and with
 * its brand's name, colours and contacts. Null when the order has no address to write to.
 */
export async function composeOrderMail(deps: OrderMailDeps, mail: MailRow): Promise<OutgoingMail | null> {
  if (mail.order_id === null) return null;
  const order = await findOrder(deps.db, mail.order_id);
  const email = order?.customer_data?.email;
  if (!order || !email) return null;
  const brand = await deps.brands.byId(order.brand_id);
  if (!brand) throw new Error(`brand ${order.brand_id} of order ${order.id} not found`);
  const config = await deps.brandConfigs.get(brand.short);
  // One mail per travel insurance policy, in the language it was booked in, the policy PDF attached.
  if (mail.kind === 'insurance-policy') {
    return composeInsurancePolicyMail(deps, mail, {
      order,
      email,
      brand,
      config,
      mailBrand: mailBrandOf(brand, config),
      sender: mailSenderOf(config),
    });
  }
  const locale = order.locale;
  const snapshot = await snapshotOf(deps.db, order, locale);
  const orderUrl = `${brand.origin}/view/${order.id}/${order.order_key}`;
  const mailOrder: MailOrder = {
    id: order.id,
    customerName: `${order.customer_data?.firstName ?? ''} ${order.customer_data?.lastName ?? ''}`.trim(),
    items: snapshot.items.map((item) => ({
      title: item.title,
      hotelName: item.hotel_name,
      quantity: item.quantity,
      totalCents: item.quantity * item.unit_price_cents,
    })),
    discount:
      snapshot.reduction && snapshot.totals.discountCents > 0
        ? {
            name: snapshot.reduction.name,
            code: snapshot.reduction.code,
            cents: snapshot.totals.discountCents,
          }
        : null,
    prepaidCents: snapshot.totals.prepaidCents,
    totalCents: snapshot.totals.subtotalCents - snapshot.totals.discountCents,
    orderUrl,
  };
  const mailBrand = mailBrandOf(brand, config);

  const attachments: NonNullable<OutgoingMail['attachments']> = [];
  const bank = deps.payments.wireTransfer;
  const wireTransfer = async (): Promise<WireTransferDetails> => {
    const reference = paymentReference(brand.short, order.id);
    const payload = epcPayload({
      name: bank.accountHolder,
      iban: bank.iban,
      bic: bank.bic,
      amountCents: order.total_cents,
      reference,
    });
    attachments.push({ filename: 'girocode.png', content: await epcQrPng(payload), cid: qrCid });
    return {
      accountHolder: bank.accountHolder,
      iban: bank.iban,
      bic: bank.bic,
      bank: bank.bank,
      reference,
      amountCents: order.total_cents,
      dueDate: (order.hold_until ?? new Date()).toISOString().slice(0, 10),
      qrImageCid: qrCid,
    };
  };

  /**
   * The terms, withdrawal information and model form in the order's language, attached as one PDF to the
   * order's first mail: the durable medium a distance contract's confirmation needs (docs/decisions/026).
   */
  const legalInformation = async (): Promise<LegalInformation | null> => {
    const pages = await findLegalPages(deps.db, brand.id, config, locale);
    if (pages.length === 0) return null;
    const pdf = renderLegalPagesPdf({
      locale,
      brandName: config.storeName,
      website: brand.origin,
      createdAt: order.created_at,
      pages,
    });
    const filename = legalPagesPdfFile(locale);
    attachments.push({ filename, content: await pdfToBuffer(pdf), contentType: 'application/pdf' });
    return {
      pages: pages.map((page) => ({ title: page.title, url: `${brand.origin}/${page.slug}` })),
      attachment: filename,
    };
  };

  let message: MailMessage;
  switch (mail.kind) {
    case 'order-received':
      message = {
        kind: 'order-received',
        order: mailOrder,
        wireTransfer: order.payment_type === 'wiretransfer' ? await wireTransfer() : null,
        legal: await legalInformation(),
      };
      break;
    case 'payment-received': {
      const vouchers = await queryRows<{ id: number; code: string }>(
        deps.db,
        sql`SELECT id, code FROM vouchers WHERE order_id = ${order.id} ORDER BY id`,
      );
      const [invoice] = await queryRows<{ invoice_number: string }>(
        deps.db,
        sql`SELECT invoice_number FROM invoices WHERE order_id = ${order.id}`,
      );
      const access = `${order.id}/${order.order_key}`;
      // Paid at once (PayPal, Amazon Pay), the order had no order-received mail: this is its first mail.
      const [confirmed] = await queryRows<{ id: number }>(
        deps.db,
        sql`SELECT id FROM mails WHERE order_id = ${order.id} AND kind = 'order-received' LIMIT 1`,
      );
      message = {
        kind: 'payment-received',
        legal: confirmed ? null : await legalInformation(),
        order: mailOrder,
        voucherCount: vouchers.length,
        voucherLinks: vouchers.map((voucher) => ({
          code: voucher.code,
          url: `${orderUrl}#${voucherAnchor(voucher.id)}`,
        })),
        invoiceUrl: invoice
          ? `${brand.origin}/api/invoice/download/${access}/${invoice.invoice_number}.pdf`
          : null,
      };
      break;
    }
    case 'transfer-reminder':
      message = { kind: 'transfer-reminder', order: mailOrder, wireTransfer: await wireTransfer() };
      break;
    case 'transfer-expired':
      message = { kind: 'transfer-expired', order: mailOrder };
      break;
    default:
      // Account mails name a customer, not an order (modules/accounts/account-mail.ts).
      return null;
  }
  const rendered = await renderMail(message, mailBrand, locale);
  return {
    to: email,
    sender: mailSenderOf(config),
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    messageId: `<mail-${mail.id}.order-${order.id}@${new URL(brand.origin).hostname}>`,
    attachments,
  };
}
