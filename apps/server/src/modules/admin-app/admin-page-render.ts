import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { isLocale, type Locale, negotiateLocale } from '@shop/contracts/locale';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from '#src/http/cookies.ts';
import type { StaffCookie } from '../admin/staff/staff-cookie.ts';
import type { RenderedPage } from './admin-page-html.ts';

/**
 * The back office's server renderer (apps/admin/src/entry-server.tsx, built to dist/server): it asks
 * for the answers a screen is made of and renders the screen with them. Declared here, not imported:
 * the server loads the build at run time.
 */
type ApiAnswer = { status: number; body: unknown };
type AdminRenderer = {
  renderPage(
    url: string,
    locale: Locale,
    fetchJson: (path: string) => Promise<ApiAnswer>,
  ): Promise<RenderedPage | null>;
};

/** The language the back office keeps for a browser (apps/admin/src/i18n/language.ts). */
const localeCookieName = 'admin-locale';

const retryLoadAfterMs = 10_000;

export type AdminPageRenderer = {
  /**
   * The page at the request's address rendered with its data for the signed-in staff member, or null
   * (no renderer built, not a server-rendered screen, nobody signed in, any refusal, a failure: the
   * browser then loads the app's empty page and asks itself). A renewed session secret is passed on.
   */
  render(request: FastifyRequest, reply: FastifyReply): Promise<RenderedPage | null>;
};

export function createAdminPageRenderer(
  app: FastifyInstance,
  options: { serverEntry: string; cookie: StaffCookie },
): AdminPageRenderer {
  // Loaded once per build: the file's time tells a deploy into the same folder. A failed load (a build
  // being written while a page is asked for) is tried again after a while under a new address: Node
  // keeps a failed import's failure for its address.
  let loaded: { modified: number; renderer: AdminRenderer } | null = null;
  let failure: { modified: number; at: number } | null = null;
  let attempts = 0;
  const renderer = async (): Promise<AdminRenderer | null> => {
    const info = await stat(options.serverEntry).catch(() => null);
    if (!info?.isFile()) return null;
    if (loaded?.modified === info.mtimeMs) return loaded.renderer;
    if (failure?.modified === info.mtimeMs && Date.now() - failure.at < retryLoadAfterMs) return null;
    try {
      const address = `${pathToFileURL(options.serverEntry).href}?v=${info.mtimeMs}-${++attempts}`;
      loaded = { modified: info.mtimeMs, renderer: (await import(address)) as AdminRenderer };
      failure = null;
      return loaded.renderer;
    } catch (error) {
      failure = { modified: info.mtimeMs, at: Date.now() };
      app.log.error({ err: error }, 'admin page renderer: not loaded, the browser renders the pages');
      return null;
    }
  };

  // Loaded as the server starts, not on the first page a member opens.
  app.addHook('onReady', async () => {
    await renderer();
  });

  return {
    async render(request, reply) {
      let credential = options.cookie.read(request);
      // HEAD gets the page's headers: nothing to render for them.
      if (!credential || request.method !== 'GET') return null;
      const entry = await renderer();
      if (!entry) return null;
      const chosen = cookieValue(request.headers.cookie, localeCookieName);
      const locale = isLocale(chosen) ? chosen : negotiateLocale(request.headers['accept-language']);
      // Each answer comes from the API route itself, with this request's cookie and address: the same
      // session check, role, brand and rate limits as the browser's own call, and nothing to keep in step.
      const fetchJson = async (path: string): Promise<ApiAnswer> => {
        const answer = await app.inject({
          method: 'GET',
          url: path,
          remoteAddress: request.ip,
          headers: {
            cookie: `${options.cookie.name}=${credential}`,
            'accept-language': locale,
            accept: 'application/json',
            ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
          },
        });
        const renewed = [answer.headers['set-cookie'] ?? []].flat().map(String);
        for (const header of renewed) reply.header('set-cookie', header);
        const next = renewed
          .map((header) => cookieValue(header.split(';')[0], options.cookie.name))
          .find(Boolean);
        if (next) credential = next;
        return { status: answer.statusCode, body: answer.statusCode === 200 ? answer.json() : null };
      };
      try {
        return await entry.renderPage(request.url, locale, fetchJson);
      } catch (error) {
        request.log.error({ err: error }, 'admin page: server render failed, the browser renders it');
        return null;
      }
    },
  };
}
