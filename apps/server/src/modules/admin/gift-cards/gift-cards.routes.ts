import path from 'node:path';
import { note } from '@shop/contracts/admin';
import {
  blockGiftCardSchema,
  extendGiftCardSchema,
  giftCardDetailSchema,
  giftCardListQuery,
  giftCardListSchema,
  giftCardParams,
  giftCardPdfQuery,
  issueGiftCardSchema,
} from '@shop/contracts/admin-gift-cards';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { repoRoot } from '#src/config.ts';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import type { BrandDirectory } from '#src/modules/brands/brand-directory.ts';
import { createBrandLogos } from '#src/modules/brands/brand-logo.ts';
import { sellerFooterLines, sellerOf } from '#src/modules/brands/seller.ts';
import { staffOf } from '../admin-access.ts';
import { brandsInScope } from '../brand-scope.ts';
import { giftCardMessages } from './gift-card-messages.ts';
import { renderGiftCardPdf } from './gift-card-pdf.ts';
import {
  blockGiftCard,
  type CardScope,
  extendGiftCard,
  findGiftCard,
  giftCardDetail,
  issueGiftCard,
  listGiftCards,
  unblockGiftCard,
} from './gift-cards.ts';

const tags = ['admin'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const everyone = { roles: ['operator', 'brand-manager', 'support'] } as const;
// Issuing, unblocking, extending and printing make or restore spendable value: for those who answer for
// a brand's money. Support may look a card up for a caller and block it at once (a lost or stolen card):
// stopping a card can wait for nobody, giving value back can wait for a manager.
const managers = { roles: ['operator', 'brand-manager'] } as const;
const notFound = () => new HttpProblem(404, 'not-found', 'gift card');

export type GiftCardDeps = {
  db: Database;
  brandConfigs: BrandConfigs;
  brands: Pick<BrandDirectory, 'byId'>;
};

/**
 * Gift cards in the back office (issue 26): list and search, a card with its movements, issue with a
 * printable PDF, block, unblock, extend; each change with its movement and audit entry.
 */
export function registerGiftCardRoutes(server: FastifyInstance, deps: GiftCardDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const brandLogos = createBrandLogos(path.join(repoRoot, 'assets'));
  const actor = (request: FastifyRequest) => ({ staff: staffOf(request), address: request.ip });
  const scopeOf = async (request: FastifyRequest, brand?: string): Promise<CardScope> => ({
    brandIds: (await brandsInScope(deps.db, request, brand)).map((scoped) => scoped.id),
    all: staffOf(request).brandIds === null && brand === undefined,
    revealCodes: staffOf(request).member.role !== 'support',
  });
  const detailOrNotFound = async (request: FastifyRequest, id: number) => {
    const card = await giftCardDetail(deps.db, await scopeOf(request), id);
    if (!card) throw notFound();
    return card;
  };
  const invalid = (request: FastifyRequest, field: string, message: string) =>
    new HttpProblem(400, 'validation-error', giftCardMessages[request.locale].check, [{ field, message }]);

  app.get(
    '/api/admin/gift-cards',
    {
      config: { adminRule: everyone },
      schema: {
        tags,
        summary: 'Gift cards, newest first: by the start of the code, brand and state; 50 per page',
        querystring: giftCardListQuery,
        response: { 200: giftCardListSchema, ...errors },
      },
    },
    async (request) => {
      const { brand, query, state, page } = request.query;
      return listGiftCards(deps.db, await scopeOf(request, brand), { query, state }, page ?? 1);
    },
  );

  app.get(
    '/api/admin/gift-cards/:cardId',
    {
      config: { adminRule: everyone },
      schema: {
        tags,
        summary: 'A gift card with its balance and every movement, oldest first (orders linked by id)',
        params: giftCardParams,
        response: { 200: giftCardDetailSchema, ...errors },
      },
    },
    async (request) => detailOrNotFound(request, request.params.cardId),
  );

  app.post(
    '/api/admin/gift-cards',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'Issue a gift card for a brand: amount in cents, last day, optional recipient name',
        description:
          'Answers the card with its code (`GC-XXXX-XXXX-XXXX`, random); the brand must have gift cards ' +
          'switched on, the last day must be after today.',
        body: issueGiftCardSchema,
        response: { 201: giftCardDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { brand, amountCents, validTo, recipientName } = request.body;
      const t = giftCardMessages[request.locale];
      const [scoped] = await brandsInScope(deps.db, request, brand);
      if (!scoped) throw notFound();
      const config = await deps.brandConfigs.get(scoped.short).catch(() => null);
      if (!config?.hasGiftCards) throw invalid(request, 'brand', t.noGiftCards);
      if (validTo <= new Date().toISOString().slice(0, 10)) throw invalid(request, 'validTo', t.validToPast);
      const id = await issueGiftCard(deps.db, actor(request), {
        brandId: scoped.id,
        brand: scoped.short,
        amountCents,
        validTo,
        recipientName: recipientName || null,
      });
      reply.code(201);
      return detailOrNotFound(request, id);
    },
  );

  app.get(
    '/api/admin/gift-cards/:cardId/card.pdf',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'The printable gift card as PDF (A4): logo, amount, code, last day, how to redeem',
        description:
          '`lang`: de, en or it; without it the staff member’s language. A blocked card is stamped so.',
        params: giftCardParams,
        querystring: giftCardPdfQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const card = await findGiftCard(deps.db, await scopeOf(request), request.params.cardId);
      if (!card) throw notFound();
      const brand = card.brandId === null ? null : await deps.brands.byId(card.brandId);
      const config = brand ? await deps.brandConfigs.get(brand.short).catch(() => null) : null;
      const locale = request.query.lang ?? request.locale;
      const pdf = renderGiftCardPdf({
        locale,
        code: card.code,
        amountCents: card.initialCents,
        validTo: card.validTo,
        recipientName: card.recipientName,
        issuedAt: new Date(card.createdAt),
        blocked: card.blockedAt !== null,
        brand: {
          name: config?.storeName ?? brand?.name ?? '',
          logoPng: config ? await brandLogos.png(config.logo) : null,
          primaryColor: config?.colors.primary ?? '#333333',
          website: brand?.origin ?? '',
          supportEmail: config?.supportMail || null,
        },
        seller: config ? sellerFooterLines(sellerOf(config), locale) : [],
      });
      // The code is spendable: no cache may keep the file.
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="gift-card-${card.id}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/api/admin/gift-cards/:cardId/block',
    {
      config: { adminRule: everyone },
      schema: {
        tags,
        summary: 'Block a gift card with a note: the shop refuses it as invalid until it is unblocked',
        params: giftCardParams,
        body: blockGiftCardSchema,
        response: { 200: giftCardDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { cardId } = request.params;
      const done = await blockGiftCard(
        deps.db,
        actor(request),
        await scopeOf(request),
        cardId,
        request.body.note,
      );
      if (!done) throw notFound();
      return detailOrNotFound(request, cardId);
    },
  );

  app.post(
    '/api/admin/gift-cards/:cardId/unblock',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'Unblock a gift card (optionally with a note)',
        params: giftCardParams,
        body: z.object({ note: note.optional() }),
        response: { 200: giftCardDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { cardId } = request.params;
      const scope = await scopeOf(request);
      const done = await unblockGiftCard(deps.db, actor(request), scope, cardId, request.body.note ?? null);
      if (!done) throw notFound();
      return detailOrNotFound(request, cardId);
    },
  );

  app.post(
    '/api/admin/gift-cards/:cardId/extend',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'Move a gift card’s last day later (an expired card becomes usable again)',
        params: giftCardParams,
        body: extendGiftCardSchema,
        response: { 200: giftCardDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { cardId } = request.params;
      const { validTo } = request.body;
      const t = giftCardMessages[request.locale];
      if (validTo <= new Date().toISOString().slice(0, 10)) throw invalid(request, 'validTo', t.validToPast);
      const done = await extendGiftCard(deps.db, actor(request), await scopeOf(request), cardId, validTo);
      if (!done) throw notFound();
      if (done === 'too-early') throw invalid(request, 'validTo', t.validToNotLater);
      return detailOrNotFound(request, cardId);
    },
  );
}
