import {
  adminContentPageListSchema,
  adminContentPageSchema,
  contentBodyMaxLength,
  contentPageListQuery,
  contentPageParams,
  contentPreviewRequestSchema,
  contentPreviewSchema,
  createContentPageSchema,
  extensionPointQuery,
  extensionPointsSchema,
  putExtensionPointsSchema,
  updateContentPageSchema,
} from '@shop/contracts/admin-content';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import { shownPageBody } from '#src/modules/content/content.service.ts';
import { renderContentPageHtml } from '#src/modules/content/page-html.tsx';
import { staffOf } from '../admin-access.ts';
import { brandsInScope } from '../brand-scope.ts';
import { contentMessages } from './content-messages.ts';
import {
  type ContentScope,
  createContentPage,
  deleteContentPage,
  findContentPage,
  getExtensionPoints,
  listContentPages,
  putExtensionPoints,
  updateContentPage,
} from './content-pages.ts';

const tags = ['admin'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
// Support answers customers; what the shop says is for those who answer for the brands.
const editors = { roles: ['operator', 'brand-manager'] } as const;
const pageNotFound = () => new HttpProblem(404, 'not-found', 'page');
// Room for a text at its longest (contentBodyMaxLength characters) in any script, JSON-escaped, so that
// a long text is refused by its field (400, named) rather than by its bytes (413).
const bodyLimit = 6 * contentBodyMaxLength + 64 * 1024;

/**
 * Content pages per brand and language, their preview as the shop renders it, and the footer menu and
 * home lists (issue 26). Operators edit every brand's pages and the default pages (brand `null`) every
 * brand shows; brand managers their brands' own. Each change is in the audit trail and announced to
 * every process in its transaction, so the shop shows it within seconds.
 */
export function registerContentAdminRoutes(
  server: FastifyInstance,
  deps: { db: Database; brandConfigs: Pick<BrandConfigs, 'get'> },
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => ({ staff: staffOf(request), address: request.ip });
  const defaultsRefused = (request: FastifyRequest) =>
    new HttpProblem(403, 'forbidden', contentMessages[request.locale].defaultPages);

  /** The brand asked for, in the member's reach (else 404); `null` (default pages) for operators only. */
  async function scopeOf(request: FastifyRequest, brand: string | null | undefined): Promise<ContentScope> {
    if (brand === null || brand === undefined) {
      if (staffOf(request).brandIds !== null) throw defaultsRefused(request);
      return null;
    }
    const [scoped] = await brandsInScope(deps.db, request, brand);
    if (!scoped) throw new HttpProblem(404, 'not-found', 'brand');
    return { id: scoped.id, short: scoped.short };
  }

  /** A page of another brand is not there for a manager (404, like another brand's order). */
  const reachCheck = (request: FastifyRequest) => (brandId: number | null) => {
    const { brandIds } = staffOf(request);
    if (brandIds === null) return;
    if (brandId === null) throw defaultsRefused(request);
    if (!brandIds.includes(brandId)) throw pageNotFound();
  };

  app.get(
    '/api/admin/content/pages',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'A brand’s content pages in a language (no brand: the default pages every brand shows)',
        querystring: contentPageListQuery,
        response: { 200: adminContentPageListSchema, ...errors },
      },
    },
    async (request) => {
      const { brand, locale } = request.query;
      return listContentPages(deps.db, await scopeOf(request, brand), locale);
    },
  );

  app.get(
    '/api/admin/content/pages/:pageId',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'A content page with its Markdown text',
        params: contentPageParams,
        response: { 200: adminContentPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await findContentPage(deps.db, request.params.pageId);
      if (!page) throw pageNotFound();
      reachCheck(request)(page.brandId);
      const { brandId: _brandId, ...shown } = page;
      return shown;
    },
  );

  app.post(
    '/api/admin/content/pages',
    {
      config: { adminRule: editors },
      bodyLimit,
      schema: {
        tags,
        summary: 'Create a content page; its address (slug) is one page’s per brand and language',
        body: createContentPageSchema,
        response: { 201: adminContentPageSchema, 409: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = await scopeOf(request, request.body.brand);
      const page = await createContentPage(deps.db, actor(request), scope, request.body, request.locale);
      return reply.status(201).send(page);
    },
  );

  app.put(
    '/api/admin/content/pages/:pageId',
    {
      config: { adminRule: editors },
      bodyLimit,
      schema: {
        tags,
        summary: 'Change a content page’s address, name, title and text',
        params: contentPageParams,
        body: updateContentPageSchema,
        response: { 200: adminContentPageSchema, 409: problemSchema, ...errors },
      },
    },
    async (request) => {
      const page = await updateContentPage(
        deps.db,
        actor(request),
        request.params.pageId,
        request.body,
        reachCheck(request),
        request.locale,
      );
      if (!page) throw pageNotFound();
      return page;
    },
  );

  app.delete(
    '/api/admin/content/pages/:pageId',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'Delete a content page (a brand’s own page: the default page shows again at its address)',
        params: contentPageParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const deleted = await deleteContentPage(
        deps.db,
        actor(request),
        request.params.pageId,
        reachCheck(request),
        request.locale,
      );
      if (!deleted) throw pageNotFound();
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/content/preview',
    {
      config: { adminRule: editors },
      bodyLimit,
      schema: {
        tags,
        summary: 'A page’s Markdown as the shop shows it: its HTML (escaped) with the brand’s data filled in',
        body: contentPreviewRequestSchema,
        response: { 200: contentPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const { brand, locale, name, title, body } = request.body;
      const [scoped] = await brandsInScope(deps.db, request, brand);
      if (!scoped) throw new HttpProblem(404, 'not-found', 'brand');
      const config = await deps.brandConfigs.get(scoped.short);
      const html = renderContentPageHtml({
        slug: 'preview',
        name: name ?? '',
        title,
        locale,
        body: shownPageBody({ name, body }, config, locale),
      });
      return { brand: scoped.short, html, colors: { ...config.colors } };
    },
  );

  app.get(
    '/api/admin/content/extension-points',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'A brand’s footer menu and home lists in a language, the default ones, and its pages',
        querystring: extensionPointQuery,
        response: { 200: extensionPointsSchema, ...errors },
      },
    },
    async (request) => {
      const { brand, locale } = request.query;
      return getExtensionPoints(deps.db, await scopeOf(request, brand), locale);
    },
  );

  app.put(
    '/api/admin/content/extension-points',
    {
      config: { adminRule: editors },
      schema: {
        tags,
        summary: 'Save a brand’s footer menu and home lists (ordered page names; null: the default list)',
        body: putExtensionPointsSchema,
        response: { 200: extensionPointsSchema, ...errors },
      },
    },
    async (request) => {
      const { brand, locale, footerMenu, home } = request.body;
      const scope = await scopeOf(request, brand);
      await putExtensionPoints(deps.db, actor(request), scope, locale, { footerMenu, home }, request.locale);
      return getExtensionPoints(deps.db, scope, locale);
    },
  );
}
