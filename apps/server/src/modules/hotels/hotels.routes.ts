import {
  closeToQuerySchema,
  hotelNearbySchema,
  hotelSchema,
  hotelSummarySchema,
} from '@shop/contracts/catalogue';
import { pagedParams, pageOf, slugParam } from '@shop/contracts/params';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CatalogueContext } from '#src/modules/catalogue/catalogue-context.ts';
import { throwNotFound } from '#src/modules/offers/offers.routes.ts';
import { getHotel, getHotelPage, getHotelsCloseTo } from './hotels.service.ts';

const tags = ['hotels'];

export function registerHotelRoutes(server: FastifyInstance, context: CatalogueContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/hotel/close-to',
    {
      schema: {
        tags,
        summary: 'Hotels within a radius (km) of a point, nearest first (at most 200)',
        querystring: closeToQuerySchema,
        response: { 200: z.object({ items: z.array(hotelNearbySchema) }) },
      },
    },
    async (request) => {
      const { latitude, longitude, radius } = request.query;
      return getHotelsCloseTo(context, request, { latitude, longitude, radiusKm: radius });
    },
  );

  app.get(
    '/api/hotel/list/:page/:pageSize',
    {
      schema: {
        tags,
        summary: 'A page of hotels with offers, by name',
        params: pagedParams,
        response: { 200: pageOf(hotelSummarySchema) },
      },
    },
    async (request) => getHotelPage(context, request, request.params.page, request.params.pageSize),
  );

  app.get(
    '/api/hotel/:slug',
    {
      schema: {
        tags,
        summary: 'A hotel by slug',
        params: z.object({ slug: slugParam }),
        response: { 200: hotelSchema },
      },
    },
    async (request) =>
      (await getHotel(context, request, request.params.slug)) ?? throwNotFound('hotel', request.params.slug),
  );
}
