/**
 * The shop's service worker (issue 12, SPEC §4), built by vite-plugin-pwa (injectManifest) into
 * build/client/sw.js and served at the root by the server (modules/app-manifest).
 *
 * - Pages are server-rendered per brand, language and visitor: navigations always go to the network
 *   (with navigation preload, so the worker's start-up costs no time) and are never cached. Only when
 *   the network is gone does the worker answer with the offline page, a page of its own.
 * - Hashed client files (`/assets/<name>-<hash>.js|css`) never change: cache first. An open tab of
 *   the previous build still finds its chunks after a deploy removed them from the server.
 * - Pages are never precached; the worker's build hash (vite.config.ts) makes each deploy a new worker.
 * - A new worker waits until the page asks it to take over (`SKIP_WAITING`, sent by the update toast).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;
/** A hash of the client build's file names (vite.config.ts): a new client build is a new worker. */
declare const __SHOP_CLIENT_BUILD__: string;

const offlineCachePrefix = 'shop-offline-';
/** Each version fetches the offline pages afresh, so a deploy's changes to them reach the visitors. */
const offlineCache = `${offlineCachePrefix}${__SHOP_CLIENT_BUILD__}`;
const shopLocales = ['de', 'en', 'it'] as const;
type ShopLocale = (typeof shopLocales)[number];
const offlinePage = (locale: ShopLocale) => `/offline/${locale}.html`;

enableNavigationPreload();

self.addEventListener('install', (event) => {
  // The offline page in each language, from this brand's host: it shows the brand's name and colours.
  event.waitUntil(
    caches
      .open(offlineCache)
      .then((cache) =>
        cache.addAll(shopLocales.map((locale) => new Request(offlinePage(locale), { cache: 'reload' }))),
      ),
  );
});

self.addEventListener('activate', (event) => {
  // The first worker takes over the open pages at once; later ones only when the page asked (below).
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(offlineCachePrefix) && name !== offlineCache) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: async ({ request }) => offlineAnswer(request) }],
    }),
  ),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    // Brand files live under /assets/brands/ too, but keep their names when they change.
    /^\/assets\/(?!brands\/)[^/]+-[\w-]{8,}\.(?:js|css|woff2|svg|png|webp)$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'shop-assets',
    plugins: [
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

/** The offline page in the visitor's language: the address's `?lang=`, the shop's cookie, the browser's. */
async function offlineAnswer(request: Request): Promise<Response | undefined> {
  const cache = await caches.open(offlineCache);
  for (const locale of await preferredLocales(request)) {
    const page = await cache.match(offlinePage(locale));
    if (page) return page;
  }
  return undefined;
}

async function preferredLocales(request: Request): Promise<ShopLocale[]> {
  const wanted: (string | null | undefined)[] = [new URL(request.url).searchParams.get('lang')];
  // The cookie the language menu sets; Chromium lets a worker read it.
  const cookieStore = (
    self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } }
  ).cookieStore;
  wanted.push(
    await cookieStore?.get('locale').then(
      (cookie) => cookie?.value,
      () => null,
    ),
  );
  wanted.push(...self.navigator.languages.map((language) => language.toLowerCase().split('-')[0]));
  wanted.push('en', 'de');
  return [
    ...new Set(wanted.filter((locale): locale is ShopLocale => shopLocales.includes(locale as ShopLocale))),
  ];
}
