import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import type { BrandLogos } from '#src/modules/brands/brand-logo.ts';
import { renderInvoicePdf } from '#src/modules/documents/invoice-pdf.ts';
import { loadOrder, type Shopper } from '#src/modules/orders/order-access.ts';
import { snapshotOf } from '#src/modules/orders/order-snapshot.ts';
import { findInvoice } from './invoices.repository.ts';

export type InvoiceDeps = {
  db: Database;
  brandConfigs: BrandConfigs;
  brandLogos: BrandLogos;
  /** PAYMENTS_MODE=sandbox: every invoice is a specimen. */
  isSpecimen: boolean;
};

const paymentMethods: Record<string, Record<Shopper['locale'], string>> = {
  paypal: { de: 'PayPal', en: 'PayPal', it: 'PayPal' },
  amazonpay: { de: 'Amazon Pay', en: 'Amazon Pay', it: 'Amazon Pay' },
  wiretransfer: { de: 'Überweisung', en: 'Bank transfer', it: 'Bonifico bancario' },
  credit: { de: 'Guthaben', en: 'Account credit', it: 'Credito' },
};

const giftCardLabel = { de: 'Geschenkgutschein', en: 'Gift card', it: 'Carta regalo' };

/** The order's invoice as a PDF; only the number the order was invoiced under finds it. */
export async function downloadInvoice(
  deps: InvoiceDeps,
  shopper: Shopper,
  access: { orderId: number; key: string; invoiceNumber: string },
) {
  const order = await loadOrder(deps.db, shopper, access.orderId, access.key);
  const invoice = await findInvoice(deps.db, order.id);
  if (!invoice || invoice.invoice_number !== access.invoiceNumber) {
    throw new HttpProblem(404, 'not-found', 'invoice');
  }
  const config = await deps.brandConfigs.get(shopper.brand.short);
  if (!config.legal || !config.voucherVat) {
    throw new Error(`brand ${config.short} has no company data for invoices (legal, voucherVat)`);
  }
  const { locale } = shopper;
  const snapshot = await snapshotOf(deps.db, order, locale);
  const customer = order.customer_data;
  return renderInvoicePdf({
    locale,
    invoiceNumber: invoice.invoice_number,
    issuedAt: invoice.issued_at,
    suppliedAt: order.paid_at ?? invoice.issued_at,
    orderId: order.id,
    seller: {
      ...config.legal,
      email: config.supportMail || null,
      phone: config.supportPhone || null,
    },
    buyer: {
      name: customer ? `${customer.firstName} ${customer.lastName}` : '',
      street: customer ? `${customer.street} ${customer.houseNumber}`.trim() : null,
      postcode: customer?.postcode ?? null,
      city: customer?.city ?? null,
      country: customer?.country ?? null,
      email: customer?.email ?? null,
    },
    items: snapshot.items.map((item) => ({
      description: `${item.title} – ${item.hotel_name}`,
      quantity: item.quantity,
      unitCents: item.unit_price_cents,
      totalCents: item.quantity * item.unit_price_cents,
    })),
    discounts:
      snapshot.reduction && snapshot.totals.discountCents > 0
        ? [
            {
              description: `${snapshot.reduction.name} (${snapshot.reduction.code})`,
              cents: snapshot.totals.discountCents,
            },
          ]
        : [],
    prepaid: snapshot.totals.prepaid
      .filter((card) => card.amountCents > 0)
      .map((card) => ({ description: giftCardLabel[locale], cents: card.amountCents })),
    totalCents: invoice.total_cents,
    vat: { rateBasisPoints: config.voucherVat.rateBasisPoints, note: config.voucherVat.note[locale] },
    paymentMethod: paymentMethods[order.payment_type ?? 'credit']?.[locale] ?? '',
    brand: {
      name: config.storeName,
      logoPng: await deps.brandLogos.png(config.logo),
      primaryColor: config.colors.primary,
    },
    specimen: deps.isSpecimen,
  });
}
