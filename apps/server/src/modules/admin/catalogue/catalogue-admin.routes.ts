import {
  adminHotelListSchema,
  adminHotelSchema,
  adminOfferListSchema,
  adminOfferSchema,
  bulkVariantChangeSchema,
  bulkVariantResultSchema,
  type CatalogueChoices,
  catalogueChoicesSchema,
  hotelInputSchema,
  hotelListQuery,
  newOfferSchema,
  offerInputSchema,
  offerListQuery,
  pictureCropQuery,
  uploadedPictureSchema,
  variantInputSchema,
  variantPatchSchema,
} from '@shop/contracts/admin-catalogue';
import { inclusionCodes } from '@shop/contracts/catalogue';
import type { Locale } from '@shop/contracts/locale';
import { problemSchema } from '@shop/contracts/problem';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { imageUrl } from '#src/modules/catalogue/images.ts';
import { preparePicture, storePicture } from '#src/modules/media/uploaded-pictures.ts';
import { inclusionLabels } from '#src/modules/offers/offer-terms.ts';
import { staffOf } from '../admin-access.ts';
import { brandsInScope } from '../brand-scope.ts';
import { findAdminHotel, listHotels, saveHotel } from './admin-hotels.ts';
import {
  addVariant,
  type CatalogueActor,
  type CatalogueDeps,
  changeVariant,
  copyOffer,
  createOffer,
  findAdminOffer,
  listOffers,
  updateOffer,
} from './admin-offers.ts';
import { changeVariantsInBulk } from './bulk-variant-change.ts';
import { registerCatalogueImportRoutes } from './catalogue-import.routes.ts';
import { catalogueMessages } from './catalogue-messages.ts';

const tags = ['admin'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const writeErrors = { ...errors, 409: problemSchema };
// Everyone reads the catalogue (support answers questions about it); brands' managers change their offers.
const readers = { roles: ['operator', 'brand-manager', 'support'] } as const;
const editors = { roles: ['operator', 'brand-manager'] } as const;
// A hotel is shared by every brand that sells it: the operator's.
const operators = { roles: ['operator'] } as const;
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const hotelParams = z.object({ hotelId: id });
const offerParams = z.object({ offerId: id });
const variantParams = z.object({ variantId: id });
const largestUpload = 20 * 1024 * 1024;
const pictureTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];

/**
 * The catalogue in the back office (issue 26): hotels and their pictures, offers with texts, terms and
 * variants. Every change is audited with before and after and published to every process in its
 * transaction (catalogue-changes.ts).
 */
export function registerCatalogueAdminRoutes(server: FastifyInstance, deps: CatalogueDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest): CatalogueActor => ({
    staff: staffOf(request),
    address: request.ip,
    locale: request.locale,
  });

  app.get(
    '/api/admin/catalogue/choices',
    {
      config: { adminRule: readers },
      schema: {
        tags,
        summary: 'What the catalogue forms choose from: countries, themes, features, boards, brands in scope',
        response: { 200: catalogueChoicesSchema, ...errors },
      },
    },
    async (request) => catalogueChoices(deps, request),
  );
  registerCatalogueImportRoutes(server, deps);

  // The upload's body is the picture's bytes as the browser sends the file: its own parser and scope.
  server.register(async (scope) => {
    scope.addContentTypeParser(
      pictureTypes,
      { parseAs: 'buffer', bodyLimit: largestUpload },
      (_r, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/admin/pictures',
      {
        config: { adminRule: editors },
        bodyLimit: largestUpload,
        schema: {
          tags,
          summary:
            'Upload a picture (its bytes as the body), cropped to the query’s box and stored for every machine',
          description:
            'JPEG, PNG, WebP or AVIF up to 20 MB, at least 640 × 400 px after the crop. The answer’s `seed` goes ' +
            'into a hotel’s or offer’s `pictures`; the shop serves it in every width it uses.',
          querystring: pictureCropQuery,
          response: { 201: uploadedPictureSchema, 413: problemSchema, 415: problemSchema, ...errors },
        },
      },
      async (request, reply) => {
        const messages = catalogueMessages[request.locale];
        const prepared = await preparePicture(request.body as Buffer, request.query);
        if (typeof prepared === 'string') {
          const message = {
            'not-a-picture': messages.notAPicture,
            'too-small': messages.pictureTooSmall,
            'crop-outside': messages.cropOutside,
          }[prepared];
          throw new HttpProblem(400, 'validation-error', message, [{ field: 'picture', message }]);
        }
        const seed = await storePicture(deps.db, prepared, staffOf(request).member.id);
        return reply
          .code(201)
          .send({ seed, url: imageUrl(seed, 640), width: prepared.width, height: prepared.height });
      },
    );
  });

  app.get(
    '/api/admin/hotels',
    {
      config: { adminRule: readers },
      schema: {
        tags,
        summary: 'Hotels by name, town or slug',
        querystring: hotelListQuery,
        response: { 200: adminHotelListSchema, ...errors },
      },
    },
    async (request) => listHotels(deps.db, request.query, request.locale),
  );

  app.get(
    '/api/admin/hotels/:hotelId',
    {
      config: { adminRule: readers },
      schema: {
        tags,
        summary: 'One hotel as its form shows it',
        params: hotelParams,
        response: { 200: adminHotelSchema, ...errors },
      },
    },
    async (request) => {
      const hotel = await findAdminHotel(deps.db, request.params.hotelId);
      if (!hotel) throw new HttpProblem(404, 'not-found', 'hotel');
      return hotel;
    },
  );

  app.post(
    '/api/admin/hotels',
    {
      config: { adminRule: operators },
      schema: {
        tags,
        summary: 'Create a hotel',
        body: hotelInputSchema,
        response: { 201: adminHotelSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const id = await saveHotel(deps.db, actor(request), request.body, null, request.locale);
      return reply.code(201).send((await findAdminHotel(deps.db, id!))!);
    },
  );

  app.put(
    '/api/admin/hotels/:hotelId',
    {
      config: { adminRule: operators },
      schema: {
        tags,
        summary: 'Replace a hotel’s data; its offers’ search entries follow',
        params: hotelParams,
        body: hotelInputSchema,
        response: { 200: adminHotelSchema, ...writeErrors },
      },
    },
    async (request) => {
      const id = await saveHotel(
        deps.db,
        actor(request),
        request.body,
        request.params.hotelId,
        request.locale,
      );
      if (id === null) throw new HttpProblem(404, 'not-found', 'hotel');
      return (await findAdminHotel(deps.db, id))!;
    },
  );

  app.get(
    '/api/admin/offers',
    {
      config: { adminRule: readers },
      schema: {
        tags,
        summary:
          'Offers by title, hotel, slug or id; a brand manager sees their brands’ and those sold on every brand',
        querystring: offerListQuery,
        response: { 200: adminOfferListSchema, ...errors },
      },
    },
    async (request) => listOffers(deps.db, staffOf(request), request.query, request.locale),
  );

  const offerOr404 = async (request: FastifyRequest, id: number) => {
    const offer = await findAdminOffer(deps.db, staffOf(request), id);
    if (!offer) throw new HttpProblem(404, 'not-found', 'offer');
    return offer;
  };

  app.get(
    '/api/admin/offers/:offerId',
    {
      config: { adminRule: readers },
      schema: {
        tags,
        summary: 'One offer with its texts, terms and variants',
        params: offerParams,
        response: { 200: adminOfferSchema, ...errors },
      },
    },
    async (request) => offerOr404(request, request.params.offerId),
  );

  app.post(
    '/api/admin/offers',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'Create an offer with its variants; a brand manager only for their own brands',
        body: newOfferSchema,
        response: { 201: adminOfferSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const id = await createOffer(deps, actor(request), request.body);
      return reply.code(201).send(await offerOr404(request, id));
    },
  );

  app.put(
    '/api/admin/offers/:offerId',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary:
          'Replace an offer’s data (not its variants); `isActive: false` switches it off (the shop answers 410)',
        description:
          'An offer sold on every brand is changed by the operator only (403 for a brand manager).',
        params: offerParams,
        body: offerInputSchema,
        response: { 200: adminOfferSchema, ...writeErrors },
      },
    },
    async (request) => {
      if (!(await updateOffer(deps, actor(request), request.params.offerId, request.body))) {
        throw new HttpProblem(404, 'not-found', 'offer');
      }
      return offerOr404(request, request.params.offerId);
    },
  );

  app.post(
    '/api/admin/offers/:offerId/copy',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary:
          'Copy an offer with its variants; the copy is switched off until it is edited and switched on',
        params: offerParams,
        response: { 201: adminOfferSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const id = await copyOffer(deps, actor(request), request.params.offerId);
      if (id === null) throw new HttpProblem(404, 'not-found', 'offer');
      return reply.code(201).send(await offerOr404(request, id));
    },
  );

  app.post(
    '/api/admin/offers/:offerId/variants',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'Add a variant (nights and persons not yet offered)',
        params: offerParams,
        body: variantInputSchema,
        response: { 201: adminOfferSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      if (!(await addVariant(deps, actor(request), request.params.offerId, request.body))) {
        throw new HttpProblem(404, 'not-found', 'offer');
      }
      return reply.code(201).send(await offerOr404(request, request.params.offerId));
    },
  );

  app.patch(
    '/api/admin/variants/:variantId',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary:
          'Change a variant’s price, "statt" price or stock; live in the shop on every process within seconds',
        params: variantParams,
        body: variantPatchSchema,
        response: { 200: adminOfferSchema, ...writeErrors },
      },
    },
    async (request) => {
      const changed = await changeVariant(deps, actor(request), request.params.variantId, request.body);
      if (!changed) throw new HttpProblem(404, 'not-found', 'variant');
      return offerOr404(request, changed.offerId);
    },
  );

  app.post(
    '/api/admin/variants/bulk',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary:
          'Change price (percent) or stock of every variant of the offers a filter finds; dry run first',
        description:
          'The offers list’s filters. `dryRun: true` (the default) answers what would change; otherwise it changes ' +
          'in one transaction, audited with every variant before and after. A brand manager’s change covers ' +
          'their brands’ own offers; offers sold on every brand are counted in `skippedOffers`.',
        body: bulkVariantChangeSchema,
        response: { 200: bulkVariantResultSchema, ...errors },
      },
    },
    async (request) => changeVariantsInBulk(deps, actor(request), request.body),
  );
}

async function catalogueChoices(deps: CatalogueDeps, request: FastifyRequest): Promise<CatalogueChoices> {
  const locale: Locale = request.locale;
  const [countries, themes, features, boards, brands] = await Promise.all([
    queryRows<{ iso: string; name: string }>(
      deps.db,
      sql`SELECT iso::text AS iso, ${translatedSql('name', locale)} AS name FROM countries ORDER BY 2`,
    ),
    queryRows<{ id: number; name: string }>(
      deps.db,
      sql`SELECT id, ${translatedSql('name', locale)} AS name FROM themes ORDER BY 2`,
    ),
    queryRows<{ code: number; label: string }>(
      deps.db,
      sql`SELECT code, ${translatedSql('label', locale)} AS label FROM hotel_features ORDER BY code`,
    ),
    queryRows<{ code: string; name: string }>(
      deps.db,
      sql`SELECT code, ${translatedSql('name', locale)} AS name FROM boards ORDER BY code`,
    ),
    brandsInScope(deps.db, request),
  ]);
  return {
    countries,
    themes,
    features,
    boards,
    brands: brands.map(({ short, name }) => ({ short, name })),
    inclusionCodes: inclusionCodes.map((code) => ({ code, label: inclusionLabels[code][locale] })),
  };
}
