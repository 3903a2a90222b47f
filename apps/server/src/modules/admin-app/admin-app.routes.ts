import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StaffCookie } from '../admin/staff/staff-cookie.ts';
import { immutableCache, resolveInside, sendFile } from '../storefront/static-files.ts';
import { adminContentSecurityPolicy } from './admin-content-security-policy.ts';
import { serverRenderedPage } from './admin-page-html.ts';
import { createAdminPageRenderer } from './admin-page-render.ts';
import { adminUnavailablePage } from './admin-unavailable-page.ts';

export type AdminAppOptions = {
  /**
   * `apps/admin/dist` (ADMIN_BUILD_DIR): the browser's files in `client/` (`index.html`, the hashed
   * files under `assets/`) and the first view's server renderer in `server/entry-server.js`.
   */
  buildDir: string;
  /** The staff session's cookie, whose copy on /admin lets the server render a page with its data. */
  cookie: StaffCookie;
};

/** Files at the build's top level (not hashed) may change with any deploy: checked every time. */
const revalidate = 'no-cache';

/**
 * Serves the back office under /admin: its hashed files under /admin/assets/ for a year (precompressed
 * by the build, scripts/precompress.mjs); every other path that is not a file of the build gets the
 * app's page, which the app's router reads. For a signed-in staff member on a screen the server renders
 * (an order: admin-page-render.ts) the page comes with the screen and the answers it was made of, so it
 * is readable before any script has run; otherwise it is index.html as built. The page is never kept by
 * a browser or proxy (no-store): after a deploy the next visit loads the new build's files. Its own CSP
 * (the one inline script is allowed by its hash: start-after-paint.ts). Registered beside the storefront, whose catch-all
 * it takes /admin from.
 */
export function registerAdminApp(app: FastifyInstance, options: AdminAppOptions): void {
  const buildDir = path.resolve(options.buildDir, 'client');
  const indexFile = path.join(buildDir, 'index.html');
  const pages = createAdminPageRenderer(app, {
    serverEntry: path.resolve(options.buildDir, 'server', 'entry-server.js'),
    cookie: options.cookie,
  });
  // Read once per build: stat on each request notices a deploy into the same folder.
  let index: { modified: number; html: string } | null = null;

  const answerIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const info = await stat(indexFile).catch(() => null);
    if (!info?.isFile()) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(adminUnavailablePage);
    }
    if (index?.modified !== info.mtimeMs) {
      index = { modified: info.mtimeMs, html: await readFile(indexFile, 'utf8') };
    }
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const page = await pages.render(request, reply);
    return reply.send(page ? serverRenderedPage(index.html, page) : index.html);
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('content-security-policy', adminContentSecurityPolicy);
    // Nobody should find the back office through a search engine.
    reply.header('x-robots-tag', 'noindex, nofollow');
    const pathname = (request.url.split('?')[0] ?? '').replace(/^\/admin\/?/, '');
    if (/\.[a-z0-9]+$/i.test(pathname)) {
      const file = resolveInside(buildDir, pathname);
      const cache = pathname.startsWith('assets/') ? immutableCache : revalidate;
      if (file && (await sendFile(reply, file, cache))) return reply;
      // A missing build file is a plain 404 (an old tab asking for a chunk a deploy removed), not the app.
      if (pathname.startsWith('assets/')) return reply.callNotFound();
    }
    return answerIndex(request, reply);
  };

  app.get('/admin', { schema: { hide: true } }, handler);
  app.get('/admin/*', { schema: { hide: true } }, handler);
}
