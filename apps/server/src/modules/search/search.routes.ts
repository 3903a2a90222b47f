import {
  availableCountriesSchema,
  availableThemesSchema,
  offerGroupsRequestSchema,
  offerGroupsResponseSchema,
  searchRequestSchema,
  searchResponseSchema,
  suggestParams,
  suggestResponseSchema,
} from '@shop/contracts/catalogue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CatalogueContext } from '#src/modules/catalogue/catalogue-context.ts';
import { availableCountries, availableThemes, offerGroups, searchOffers, suggest } from './search.service.ts';
import type { SearchMissLog } from './search-misses.ts';

const tags = ['search'];

export function registerSearchRoutes(
  server: FastifyInstance,
  context: CatalogueContext,
  searchMisses: SearchMissLog,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/offer/search',
    {
      schema: {
        tags,
        summary: 'Search offers by text and refinements, sorted and paged, with facet counts',
        body: searchRequestSchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => {
      const answer = await searchOffers(context, request, request.body);
      // A typed term that found nothing on its own (no refinement narrowed it), counted once per search.
      const { query, countries, themes, nights, persons, price, page } = request.body;
      const isRefined = Boolean(countries?.length || themes?.length || nights || persons || price);
      if (answer.total === 0 && query && page === 1 && !isRefined)
        searchMisses.record(request.brand.id, query);
      return answer;
    },
  );

  app.get(
    '/api/offer/suggest/:tag',
    {
      schema: {
        tags,
        summary: 'Suggestions for the search box',
        params: suggestParams,
        response: { 200: suggestResponseSchema },
      },
    },
    async (request) => suggest(context, request, request.params.tag),
  );

  app.get(
    '/api/offer/available-countries',
    {
      schema: {
        tags,
        summary: 'Countries with offers, with counts',
        response: { 200: availableCountriesSchema },
      },
    },
    async (request) => availableCountries(context, request),
  );

  app.get(
    '/api/offer/available-themes',
    {
      schema: { tags, summary: 'Themes with offers, with counts', response: { 200: availableThemesSchema } },
    },
    async (request) => availableThemes(context, request),
  );

  app.post(
    '/api/offer/groups',
    {
      schema: {
        tags,
        summary: 'Several short offer lists (by country or theme) in one call',
        body: offerGroupsRequestSchema,
        response: { 200: offerGroupsResponseSchema },
      },
    },
    async (request) => offerGroups(context, request, request.body),
  );
}
