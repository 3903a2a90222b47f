import { locales } from '@shop/contracts/locale';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import type { BrandLogos } from '#src/modules/brands/brand-logo.ts';
import { renderInvoicePdf } from '#src/modules/documents/invoice-pdf.ts';
import { loadOrder, type Shopper } from '#src/modules/orders/order-access.ts';
import {
  buildInvoiceSnapshot,
  type InvoiceSnapshot,
  invoicePdfInput,
  soundInvoiceSnapshot,
} from './invoice-snapshot.ts';
import {
  findInvoiceDocument,
  findInvoiceFacts,
  type InvoiceDocumentRow,
  storeFirstSnapshot,
} from './invoices.repository.ts';

export type InvoiceDeps = {
  db: Database;
  /** Read only for an invoice issued before its snapshot existed, once (snapshotOnFirstDownload). */
  brandConfigs: Pick<BrandConfigs, 'get'>;
  brandLogos: BrandLogos;
  /** PAYMENTS_MODE=sandbox: every invoice is a specimen. */
  isSpecimen: boolean;
};

/**
 * The order's invoice as a PDF; only the number the order was invoiced under finds it. It is rendered
 * from the invoice's snapshot alone, in the language it was issued in (the order's), whatever the
 * reader's browser asks for: what the brand's config, the catalogue, the order or the reader say today
 * does not change an issued invoice. A snapshot that fails its checks is an
 * InvoiceCheckError (a 500, logged with the invoice number and the amounts only), never a PDF.
 */
export async function downloadInvoice(
  deps: InvoiceDeps,
  shopper: Shopper,
  access: { orderId: number; key: string; invoiceNumber: string },
) {
  const order = await loadOrder(deps.db, shopper, access.orderId, access.key);
  const invoice = await findInvoiceDocument(deps.db, order.id);
  if (!invoice || invoice.invoice_number !== access.invoiceNumber) {
    throw new HttpProblem(404, 'not-found', 'invoice');
  }
  const snapshot = soundInvoiceSnapshot(
    invoice.snapshot ?? (await snapshotOnFirstDownload(deps, invoice)),
    invoice.invoice_number,
  );
  return renderInvoicePdf(
    invoicePdfInput(snapshot, {
      orderLocale: locales.includes(order.locale) ? order.locale : 'de',
      logoPng: snapshot.brand.logo ? await deps.brandLogos.png(snapshot.brand.logo) : null,
      specimen: deps.isSpecimen,
    }),
  );
}

/**
 * An invoice issued before migration 0007 has no snapshot. It takes one now, from the order and the
 * brand's config as they are at this first download, and keeps it: from then on it is as immutable as
 * any other. Not backfilled in the migration because the seller's data and the VAT treatment live in
 * the brands' config.json files, which SQL cannot read; until now such an invoice was rendered from
 * exactly this data on every download, so the first download fixes what it has shown so far.
 */
async function snapshotOnFirstDownload(deps: InvoiceDeps, invoice: InvoiceDocumentRow): Promise<unknown> {
  const facts = await findInvoiceFacts(deps.db, invoice.order_id);
  const snapshot: InvoiceSnapshot = soundInvoiceSnapshot(
    buildInvoiceSnapshot({
      facts: { ...facts, total_cents: invoice.total_cents },
      config: await deps.brandConfigs.get(facts.brand_short),
      invoiceNumber: invoice.invoice_number,
      issuedAt: invoice.issued_at,
      origin: 'first-download',
    }),
    invoice.invoice_number,
  );
  return storeFirstSnapshot(deps.db, invoice.id, snapshot);
}
