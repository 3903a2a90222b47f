import {
  codeBatchInputSchema,
  codeDetailSchema,
  codeInputSchema,
  codeListQuery,
  codeListSchema,
  codeParams,
  promotionDetailSchema,
  promotionInputSchema,
  promotionListQuery,
  promotionListSchema,
  promotionOffersInputSchema,
  promotionParams,
} from '@shop/contracts/admin-promotions';
import type { Locale } from '@shop/contracts/locale';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { brandsInScope } from '../brand-scope.ts';
import { csvLine, sendCsv } from '../csv.ts';
import {
  codeDetail,
  createCode,
  createCodeBatch,
  listCodes,
  switchOffCode,
  updateCode,
} from './code-admin.ts';
import {
  createPromotion,
  listPromotions,
  promotionDetail,
  setPromotionOffers,
  switchOffPromotion,
  updatePromotion,
} from './promotion-admin.ts';

const tags = ['admin'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
/**
 * Support reads promotions and codes (a customer on the phone asks why a code does not apply, or which
 * orders used it) but changes none: prices and discounts are the brands' decisions.
 */
const readers = { roles: ['operator', 'brand-manager', 'support'] } as const;
const editors = { roles: ['operator', 'brand-manager'] } as const;

const batchCsvHead: Record<Locale, string[]> = {
  de: ['Code'],
  en: ['Code'],
  it: ['Codice'],
};

/**
 * Promotions (the shop's landing pages) and promotion codes in the back office (issue 26). A brand
 * manager works on their brands' ones; those of every brand are the operator's.
 */
export function registerPromotionAdminRoutes(server: FastifyInstance, deps: { db: Database }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const brandFilter = async (request: FastifyRequest, brand?: string) =>
    brand === undefined ? undefined : (await brandsInScope(deps.db, request, brand))[0]?.id;

  app.get(
    '/api/admin/promotions',
    {
      config: { adminRule: readers },
      schema: {
        tags,
        summary: 'Promotions, newest first, by brand, state and a name’s or title’s start; 50 per page',
        querystring: promotionListQuery,
        response: { 200: promotionListSchema, ...errors },
      },
    },
    async (request) => {
      const { brand, query, state, page } = request.query;
      const brandId = await brandFilter(request, brand);
      return listPromotions(deps.db, request, {
        ...(brandId !== undefined ? { brandId } : {}),
        ...(query ? { query } : {}),
        ...(state ? { state } : {}),
        page: page ?? 1,
      });
    },
  );

  app.get(
    '/api/admin/promotions/:promotionId',
    {
      config: { adminRule: readers },
      schema: {
        tags,
        summary: 'A promotion with its texts in de/en/it and its offers in order',
        params: promotionParams,
        response: { 200: promotionDetailSchema, ...errors },
      },
    },
    async (request) => promotionDetail(deps.db, request, request.params.promotionId),
  );

  app.post(
    '/api/admin/promotions',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'Create a promotion (its landing page is live within 5 s on every process)',
        body: promotionInputSchema,
        response: { 200: promotionDetailSchema, ...errors },
      },
    },
    async (request) => createPromotion(deps.db, request, request.body),
  );

  app.put(
    '/api/admin/promotions/:promotionId',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'Change a promotion’s brand, name, type, texts, period or whether it is on',
        params: promotionParams,
        body: promotionInputSchema,
        response: { 200: promotionDetailSchema, ...errors },
      },
    },
    async (request) => updatePromotion(deps.db, request, request.params.promotionId, request.body),
  );

  app.post(
    '/api/admin/promotions/:promotionId/switch-off',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'Switch a promotion off: its landing page is gone from the shop',
        params: promotionParams,
        response: { 200: promotionDetailSchema, ...errors },
      },
    },
    async (request) => switchOffPromotion(deps.db, request, request.params.promotionId),
  );

  app.put(
    '/api/admin/promotions/:promotionId/offers',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'A promotion’s offers in their order: adds, removes and reorders in one',
        params: promotionParams,
        body: promotionOffersInputSchema,
        response: { 200: promotionDetailSchema, ...errors },
      },
    },
    async (request) =>
      setPromotionOffers(deps.db, request, request.params.promotionId, request.body.offerIds),
  );

  app.get(
    '/api/admin/codes',
    {
      config: { adminRule: readers },
      schema: {
        tags,
        summary: 'Promotion codes, newest first, with their uses; by brand, state and a code’s start',
        querystring: codeListQuery,
        response: { 200: codeListSchema, ...errors },
      },
    },
    async (request) => {
      const { brand, query, state, page } = request.query;
      const brandId = await brandFilter(request, brand);
      return listCodes(deps.db, request, {
        ...(brandId !== undefined ? { brandId } : {}),
        ...(query ? { query } : {}),
        ...(state ? { state } : {}),
        page: page ?? 1,
      });
    },
  );

  app.get(
    '/api/admin/codes/:codeId',
    {
      config: { adminRule: readers },
      schema: {
        tags,
        summary: 'A code with the closed orders that used it (each linked to its page)',
        params: codeParams,
        response: { 200: codeDetailSchema, ...errors },
      },
    },
    async (request) => codeDetail(deps.db, request, request.params.codeId),
  );

  app.post(
    '/api/admin/codes',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary:
          "Create a code: '+' cents off or '%' (basis points) off, limits, minimum order, offers, period",
        body: codeInputSchema,
        response: { 200: codeDetailSchema, ...errors },
      },
    },
    async (request) => createCode(deps.db, request, request.body),
  );

  app.put(
    '/api/admin/codes/:codeId',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'Change a code’s terms (uses so far stay counted)',
        params: codeParams,
        body: codeInputSchema,
        response: { 200: codeDetailSchema, ...errors },
      },
    },
    async (request) => updateCode(deps.db, request, request.params.codeId, request.body),
  );

  app.post(
    '/api/admin/codes/:codeId/switch-off',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'Switch a code off: carts can no longer apply it',
        params: codeParams,
        response: { 200: codeDetailSchema, ...errors },
      },
    },
    async (request) => switchOffCode(deps.db, request, request.params.codeId),
  );

  app.post(
    '/api/admin/codes/batch',
    {
      config: { adminRule: editors },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        summary: 'Generate up to 10,000 single-use codes with the same terms, answered as a CSV file',
        body: codeBatchInputSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const codes = await createCodeBatch(deps.db, request, request.body);
      const content = csvLine(batchCsvHead[request.locale]) + codes.map((code) => csvLine([code])).join('');
      return sendCsv(reply, `codes-${codes.length}.csv`, content);
    },
  );
}
