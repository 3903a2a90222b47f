import { problemSchema } from '@shop/contracts/problem';
import {
  invoiceDownloadParams,
  voucherDownloadParams,
  voucherPathParams,
  voucherSchema,
  voucherUpdateSchema,
} from '@shop/contracts/vouchers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadInvoice, type InvoiceDeps } from '#src/modules/invoices/invoices.service.ts';
import type { OrderKeyGuard } from '#src/modules/orders/order-key-guard.ts';
import {
  downloadVoucher,
  getVoucher,
  printVoucher,
  updateVoucher,
  type VoucherDeps,
} from './vouchers.service.ts';

const errors = { 400: problemSchema, 404: problemSchema, 429: problemSchema };

/** SPEC §7 "Vouchers" and the invoice link: only the order's id and key open them. */
export function registerVoucherRoutes(
  server: FastifyInstance,
  deps: VoucherDeps & InvoiceDeps & { withOrderKey: OrderKeyGuard },
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { withOrderKey } = deps;
  const shopper = (request: FastifyRequest) => ({ brand: request.brand, locale: request.locale });

  app.get(
    '/api/voucher/:id/:key/:idVoucher',
    {
      schema: {
        tags: ['vouchers'],
        summary: 'A voucher of a paid order',
        params: voucherPathParams,
        response: { 200: voucherSchema, ...errors },
      },
    },
    async (request) => {
      const { id, key, idVoucher } = request.params;
      return withOrderKey(request, id, () =>
        getVoucher(deps, shopper(request), { orderId: id, key, voucherId: idVoucher }),
      );
    },
  );

  app.put(
    '/api/voucher/:id/:key/:idVoucher',
    {
      schema: {
        tags: ['vouchers'],
        summary: "Set the guest's data, a gift message and the layout (until the voucher is printed)",
        params: voucherPathParams,
        body: voucherUpdateSchema,
        response: { 200: voucherSchema, 409: problemSchema, ...errors },
      },
    },
    async (request) => {
      const { id, key, idVoucher } = request.params;
      return withOrderKey(request, id, () =>
        updateVoucher(deps, shopper(request), { orderId: id, key, voucherId: idVoucher }, request.body),
      );
    },
  );

  app.post(
    '/api/voucher/print/:id/:key/:idVoucher',
    {
      schema: {
        tags: ['vouchers'],
        summary:
          "Print the voucher: locks its guest data for good (SPEC §4); 409 `voucher-guest-missing` before a guest's name is saved",
        description:
          'The order page calls it when the buyer prints or downloads the voucher, then opens the PDF. ' +
          'Answers the locked voucher; printing again changes nothing.',
        params: voucherPathParams,
        response: { 200: voucherSchema, 409: problemSchema, ...errors },
      },
    },
    async (request) => {
      const { id, key, idVoucher } = request.params;
      return withOrderKey(request, id, () =>
        printVoucher(deps, shopper(request), { orderId: id, key, voucherId: idVoucher }),
      );
    },
  );

  app.get(
    '/api/voucher/download/:id/:key/:file',
    {
      schema: {
        tags: ['vouchers'],
        summary:
          'The voucher as PDF: `{idVoucher}.pdf` an A4 page to print, `{idVoucher}-phone.pdf` the same voucher ' +
          'laid out to show on a phone screen; changes nothing: before it is printed, a preview stamped as not valid',
        params: voucherDownloadParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, key, file } = request.params;
      const voucherId = Number.parseInt(file, 10);
      const format = file.endsWith('-phone.pdf') ? 'phone' : 'a4';
      const pdf = await withOrderKey(request, id, () =>
        downloadVoucher(deps, shopper(request), { orderId: id, key, voucherId }, format),
      );
      return sendPdf(reply, pdf, `voucher-${file}`);
    },
  );

  app.get(
    '/api/invoice/download/:id/:key/:file',
    {
      schema: {
        tags: ['vouchers'],
        summary: 'The invoice of a paid order as PDF (`{invoiceNumber}.pdf`)',
        params: invoiceDownloadParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, key, file } = request.params;
      const invoiceNumber = file.slice(0, -'.pdf'.length);
      const pdf = await withOrderKey(request, id, () =>
        downloadInvoice(deps, shopper(request), { orderId: id, key, invoiceNumber }),
      );
      return sendPdf(reply, pdf, `${invoiceNumber}.pdf`);
    },
  );
}

/** Streamed as pdfkit writes it; inline, so that the browser shows it and its print button prints it. */
function sendPdf(reply: FastifyReply, pdf: NodeJS.ReadableStream, filename: string) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${filename}"`)
    .send(pdf);
}
