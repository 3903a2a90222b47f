import type { Locale } from '@shop/contracts/locale';
import { escapeHtml } from '#src/http/escape-html.ts';
import { startAfterPaintScript } from './start-after-paint.ts';

export type RenderedPage = { html: string; title: string; state: { locale: Locale } };

const moduleScriptTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const modulePreloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The built index.html with a server-rendered screen in it: the page's language and title, the screen's
 * markup in #root, the answers it was made of as JSON (apps/admin/src/page-state.ts), the app's
 * scripts started only after the first paint (start-after-paint.ts) instead of from <head>. The
 * stylesheet stays a file: inline, it made no measurable difference (bench/RESULTS.md).
 */
export function serverRenderedPage(indexHtml: string, page: RenderedPage): string {
  const entry = moduleScriptTag.exec(indexHtml)?.[1];
  // A build of another shape: the page as built, the app renders it in the browser.
  if (!entry || !indexHtml.includes('<div id="root"></div>')) return indexHtml;
  const preloads = [...indexHtml.matchAll(modulePreloadTag)].map((match) => match[1] as string);
  // JSON inside <script>: no "</script>" or "<!--" in it can end the element early.
  const state = JSON.stringify(page.state).replace(/</g, '\\u003c');
  const start = `<script data-entry="${escapeHtml(entry)}" data-preloads="${escapeHtml(JSON.stringify(preloads))}">${startAfterPaintScript}</script>`;
  // Replaced by functions: a "$&" in an order's data is text, not a replacement pattern.
  return indexHtml
    .replace(moduleScriptTag, '')
    .replace(modulePreloadTag, '')
    .replace(/<html lang="[a-z]+">/, () => `<html lang="${page.state.locale}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="admin-state">${state}</script>${start}`,
    );
}
