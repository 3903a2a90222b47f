import {
  type InsuranceDocumentKind,
  insuranceBookRequestSchema,
  insuranceDocumentParams,
  insuranceOfferParams,
  insuranceOfferSchema,
  insurancePolicyDownloadParams,
  insurancePolicySchema,
} from '@shop/contracts/insurance';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertSameSite } from '#src/http/same-site.ts';
import type { OrderKeyGuard } from '#src/modules/orders/order-key-guard.ts';
import {
  bookInsurance,
  downloadPolicy,
  type InsuranceDeps,
  insuranceDocument,
  quoteInsurance,
} from './insurance.service.ts';

const tags = ['insurance'];
const errors = { 400: problemSchema, 404: problemSchema, 409: problemSchema, 429: problemSchema };

/**
 * SPEC §7 POST /api/insurance/book, the quote the order page shows before it, and the policy PDF. Every
 * call names the order by id and key (the order-key guard counts wrong keys like the voucher calls).
 */
export function registerInsuranceRoutes(
  server: FastifyInstance,
  deps: InsuranceDeps & { withOrderKey: OrderKeyGuard },
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { withOrderKey } = deps;
  const shopper = (request: FastifyRequest) => ({ brand: request.brand, locale: request.locale });
  // Answers name the order's key and the travellers: http/security-headers.ts marks every answer under
  // /api/insurance no-store, problems included.

  app.get(
    '/api/insurance/quote/:id/:key/:voucherId',
    {
      schema: {
        tags,
        summary: 'What insuring a paid voucher costs (cancellation, curtailment) and its policies so far',
        params: insuranceOfferParams,
        response: { 200: insuranceOfferSchema, ...errors },
      },
    },
    async (request) => {
      const { id, key, voucherId } = request.params;
      return withOrderKey(request, id, () =>
        quoteInsurance(deps, shopper(request), { orderId: id, key }, voucherId),
      );
    },
  );

  app.post(
    '/api/insurance/book',
    {
      schema: {
        tags,
        summary:
          'Insure a paid voucher; the same voucher and type again answers the policy booked first. ' +
          'The premium is billed by the insurer, not added to the order',
        body: insuranceBookRequestSchema,
        response: {
          200: insurancePolicySchema,
          403: problemSchema,
          422: problemSchema,
          503: problemSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      assertSameSite(request);
      try {
        return await withOrderKey(request, request.body.orderId, () =>
          bookInsurance(deps, shopper(request), request.body),
        );
      } catch (error) {
        // The insurer did not answer: worth another try in a moment (SPEC: try again later).
        if ((error as { status?: number }).status === 503) reply.header('retry-after', '30');
        throw error;
      }
    },
  );

  app.get(
    '/api/insurance/policy/:id/:key/:file',
    {
      schema: {
        tags,
        summary: 'The policy as PDF (`{policyNumber}.pdf`)',
        params: insurancePolicyDownloadParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, key, file } = request.params;
      const policyNumber = file.slice(0, -'.pdf'.length);
      const pdf = await withOrderKey(request, id, () =>
        downloadPolicy(deps, shopper(request), { orderId: id, key }, policyNumber),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${policyNumber}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    '/api/insurance/documents/:locale/:type/:file',
    {
      schema: {
        tags,
        summary:
          "The brand's insurer's product information sheet (`product-sheet.pdf`) or conditions " +
          '(`conditions.pdf`) of a tariff, in a language: what the buyer reads before booking',
        params: insuranceDocumentParams,
        response: { 200: z.any(), 400: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      const { locale, type, file } = request.params;
      const kind = file.slice(0, -'.pdf'.length) as InsuranceDocumentKind;
      const pdf = await insuranceDocument(
        deps,
        { brand: request.brand, locale: request.locale },
        {
          locale,
          type,
          kind,
        },
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${type}-${kind}.pdf"`)
        .send(pdf);
    },
  );
}
