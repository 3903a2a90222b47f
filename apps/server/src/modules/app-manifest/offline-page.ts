import { createHash } from 'node:crypto';
import type { BrandConfig } from '@shop/contracts/brand-config';
import type { Locale } from '@shop/contracts/locale';
import { markSvg } from './app-icons.ts';

/**
 * The page the service worker shows when a navigation fails because the network is gone. The worker
 * caches one per language from the brand's own host when it installs, so it carries the brand's name
 * and colours. It needs nothing else offline: no script, no picture, its style inline (allowed by
 * hash in its own policy), so it renders from the cache alone. "Try again" is a link to the address
 * the visitor asked for (the page is answered in its place), which works without a script.
 */

const texts: Record<Locale, { title: string; heading: string; text: string; retry: string; home: string }> = {
  de: {
    title: 'Keine Verbindung',
    heading: 'Sie sind offline',
    text: 'Diese Seite braucht eine Internetverbindung. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
    home: 'Zur Startseite',
  },
  en: {
    title: 'No connection',
    heading: 'You are offline',
    text: 'This page needs an internet connection. Please check your connection and try again.',
    retry: 'Try again',
    home: 'Go to the home page',
  },
  it: {
    title: 'Nessuna connessione',
    heading: 'Sei offline',
    text: 'Questa pagina richiede una connessione a Internet. Si prega di controllare la connessione e riprovare.',
    retry: 'Riprova',
    home: 'Vai alla pagina iniziale',
  },
};

/** The brand's colours come as CSS variables on <html>, so the stylesheet (and its hash) is one for all. */
const stylesheet = [
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1a1a;background:#f6f7f8;line-height:1.5}',
  'header{background:var(--primary);color:var(--primary-contrast);padding:1rem 1.25rem;font-weight:700;font-size:1.125rem}',
  'main{max-width:36rem;margin:3rem auto;padding:0 1.25rem}',
  'h1{font-size:1.75rem;margin:0 0 .75rem}',
  'svg{display:block;width:72px;height:72px;margin-bottom:1.5rem}',
  '.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}',
  '.button{display:inline-block;padding:.75rem 1.25rem;border-radius:8px;font-weight:600;text-decoration:none;border:2px solid var(--primary)}',
  '.primary{background:var(--primary);color:var(--primary-contrast)}',
  '.secondary{color:var(--primary);background:#fff}',
  '.button:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}',
].join('');

const styleHash = createHash('sha256').update(stylesheet).digest('base64');

/** Nothing but the inline stylesheet above; the page loads nothing and runs nothing. */
export const offlinePagePolicy = [
  "default-src 'none'",
  `style-src 'sha256-${styleHash}'`,
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function renderOfflinePage(brand: Pick<BrandConfig, 'storeName' | 'colors'>, locale: Locale): string {
  const t = texts[locale];
  const { primary, primaryContrast, accent } = brand.colors;
  const name = escapeHtml(brand.storeName);
  // Colours are #rrggbb (the brand-config schema checks them), safe in an attribute.
  return `<!doctype html>
<html lang="${locale}" style="--primary:${primary};--primary-contrast:${primaryContrast}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${primary}">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)} – ${name}</title>
<style>${stylesheet}</style>
</head>
<body>
<header>${name}</header>
<main>
<svg viewBox="0 0 100 100" aria-hidden="true"><rect x="4" y="4" width="92" height="92" rx="22" fill="${primary}"/>${markSvg(accent)}</svg>
<h1>${escapeHtml(t.heading)}</h1>
<p>${escapeHtml(t.text)}</p>
<p class="actions"><a class="button primary" href="">${escapeHtml(t.retry)}</a><a class="button secondary" href="/">${escapeHtml(t.home)}</a></p>
</main>
</body>
</html>
`;
}
