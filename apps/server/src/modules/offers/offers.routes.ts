import {
  offerDataSchema,
  offerGoneSchema,
  offerSchema,
  offerSummarySchema,
  promotionDetailSchema,
  promotionSchema,
  variantDetailSchema,
} from '@shop/contracts/catalogue';
import { idParam, idQuery, pagedParams, pageOf, slugParam } from '@shop/contracts/params';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#src/http/problem.ts';
import type { CatalogueContext } from '#src/modules/catalogue/catalogue-context.ts';
import { getPromotion, listCurrentPromotions } from '#src/modules/promotions/promotions.service.ts';
import {
  getGoneOffer,
  getOffer,
  getOfferData,
  getVariant,
  listHotelOffers,
  listTravelDeals,
} from './offers.service.ts';

const tags = ['offers'];

export function registerOfferRoutes(server: FastifyInstance, context: CatalogueContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  /** The offer; one no longer sold answers 410 with the ways on (offerGoneSchema); never one: 404. */
  const answerOffer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    by: { id: number } | { slug: string },
  ) => {
    const offer = await getOffer(context, request, by);
    if (offer) return offer;
    const gone = await getGoneOffer(context, request, by);
    if (!gone) return throwNotFound('offer', 'id' in by ? by.id : by.slug);
    return reply.code(410).type('application/problem+json').send(gone);
  };
  const goneNote = 'An offer no longer sold answers 410 with its hotel’s and destination’s current offers.';

  app.get(
    '/api/offer',
    {
      schema: {
        tags,
        summary: 'An offer by id',
        description: goneNote,
        querystring: idQuery,
        response: { 200: offerSchema, 410: offerGoneSchema },
      },
    },
    async (request, reply) => answerOffer(request, reply, { id: request.query.id }),
  );

  app.get(
    '/api/offer/slug/:slug',
    {
      schema: {
        tags,
        summary: 'An offer by slug',
        description: goneNote,
        params: z.object({ slug: slugParam }),
        response: { 200: offerSchema, 410: offerGoneSchema },
      },
    },
    async (request, reply) => answerOffer(request, reply, { slug: request.params.slug }),
  );

  app.get(
    '/api/offer/variant/:id',
    {
      schema: {
        tags,
        summary: 'A variant (nights, persons, price, stock) with its offer',
        params: z.object({ id: idParam }),
        response: { 200: variantDetailSchema },
      },
    },
    async (request) =>
      (await getVariant(context, request, request.params.id)) ?? throwNotFound('variant', request.params.id),
  );

  app.get(
    '/api/offer/data',
    {
      schema: {
        tags,
        summary: 'Texts (by position), features, board and hotel of an offer',
        querystring: idQuery,
        response: { 200: offerDataSchema },
      },
    },
    async (request) =>
      (await getOfferData(context, request, request.query.id)) ?? throwNotFound('offer', request.query.id),
  );

  app.get(
    '/api/offer/hotel/:slug/:page/:pageSize',
    {
      schema: {
        tags,
        summary: "A page of a hotel's offers",
        params: pagedParams.extend({ slug: slugParam }),
        response: { 200: pageOf(offerSummarySchema) },
      },
    },
    async (request) => {
      const { slug, page, pageSize } = request.params;
      return (await listHotelOffers(context, request, slug, page, pageSize)) ?? throwNotFound('hotel', slug);
    },
  );

  app.get(
    '/api/offer/travel-deals',
    {
      schema: {
        tags,
        summary: 'The biggest savings in stock',
        response: { 200: z.array(offerSummarySchema) },
      },
    },
    async (request) => listTravelDeals(context, request),
  );

  app.get(
    '/api/offer/promotions',
    { schema: { tags, summary: 'Promotions running now', response: { 200: z.array(promotionSchema) } } },
    async (request) => listCurrentPromotions(context, request),
  );

  app.get(
    '/api/offer/promotion/:name',
    {
      schema: {
        tags,
        summary: 'A running promotion and its offers',
        params: z.object({ name: slugParam }),
        response: { 200: promotionDetailSchema },
      },
    },
    async (request) =>
      (await getPromotion(context, request, request.params.name)) ??
      throwNotFound('promotion', request.params.name),
  );
}

export function throwNotFound(what: string, key: string | number): never {
  throw notFound(`${what} ${key}`);
}
