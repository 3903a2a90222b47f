import { createHash } from 'node:crypto';
import { reactRouter } from '@react-router/dev/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pureContracts } from './scripts/pure-contracts.ts';

/**
 * The browser's first page load fetches few files (docs/decisions/010): every page runs React, React
 * Router and the shop's shell (root.tsx with what it imports), each one chunk; modules that four or
 * more routes share are one "catalogue" chunk, what the account pages share one "account" chunk. Left to
 * itself the bundler made 19 files for the home page, each a request, a module preload and a compile
 * task of its own on a slow phone.
 */
const clientChunks = {
  groups: [
    {
      name: 'framework',
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
      priority: 3,
    },
    // With the nights and persons wording and the languages (locale.ts): tiny, and used by offer cards,
    // order lines and forms alike, so that no page fetches the catalogue chunk or a chunk of their own.
    {
      name: 'app-shell',
      test: /app[\\/](?:root\.tsx|ui[\\/]ranges\.ts)$|packages[\\/]contracts[\\/]src[\\/]locale\.ts$/,
      priority: 2,
    },
    // Validation messages in three languages: fetched by the forms that check input, on their own.
    { name: 'messages', test: /packages[\\/]contracts[\\/]src[\\/]messages\.ts$/, priority: 2 },
    // Not the field names the messages use: forms label their fields with them on first view.
    { name: 'field-names', test: /packages[\\/]contracts[\\/]src[\\/]field-names\.ts$/, priority: 3 },
    // The account pages' shared code, only on those pages (their checks, with zod, load on demand).
    {
      name: 'account',
      test: /apps[\\/]storefront[\\/]app[\\/]features[\\/]account[\\/](?!account-validation)/,
      minShareCount: 2,
      priority: 1,
    },
    // Not the private pages' head (checkout, order and account pages share it). Of the contracts only
    // the languages: the schemas (zod) and the validation messages stay in chunks of their own, loaded
    // by the forms that check input. Not money.ts either: a group takes a module whole, and once a form
    // chunk uses its price schema (insurance), zod came with it into every page (+25 KB gzip).
    // Left alone, its formatting lands in a small chunk of its own.
    // Stars and the offer texts' markdown: used by two or three catalogue pages each, too small to be
    // files of their own (each file is a request and gzip starting over): one small file together.
    { name: 'catalogue-pieces', test: /app[\\/]ui[\\/](?:stars|markdown)\.tsx$/, priority: 1 },
    {
      name: 'catalogue',
      test: /apps[\\/]storefront[\\/]app[\\/](?!features[\\/]account[\\/]|lib[\\/]private-page-meta)/,
      minShareCount: 4,
      priority: 1,
    },
  ],
};

/**
 * The service worker (issue 12; apps/storefront/service-worker/sw.ts). injectManifest, not generateSW:
 * generateSW's model is an app shell served for every navigation from the precache, while our pages
 * are rendered per brand, language and visitor and must always come from the network. Our own worker
 * says exactly that in a few lines (network only, an offline page of ours, cache-first for hashed
 * files), and caches the offline pages from the brand's host, which no build-time list can name.
 * Nothing is precached: a first visit would download every route's chunks for pages the visitor may
 * never open. Instead the worker carries a hash of the client build's file names (hashed by content),
 * so every deploy that changes the client is a new worker, and open pages offer the update. No
 * manifest from the plugin (the server writes one per brand host) and no registration script
 * (features/app-update registers after the page is interactive).
 */
function serviceWorker() {
  let clientBuild = '';
  const clientBuildHash = {
    name: 'shop:client-build-hash',
    apply: 'build' as const,
    generateBundle(_options: unknown, bundle: Record<string, unknown>) {
      clientBuild = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .digest('hex')
        .slice(0, 12);
    },
  };
  const pwa = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'service-worker',
    filename: 'sw.ts',
    manifest: false,
    injectRegister: false,
    registerType: 'prompt',
    injectManifest: { injectionPoint: undefined },
    integration: {
      configureCustomSWViteBuild(config) {
        config.define = { ...config.define, __SHOP_CLIENT_BUILD__: JSON.stringify(clientBuild) };
      },
    },
  });
  return [clientBuildHash, ...pwa];
}

// No `defineConfig` import: the build runs on the Vite that @react-router/dev resolves (the
// workspace root's), which may differ from this package's own copy; a plain config fits both.
export default ({ isSsrBuild }: { isSsrBuild?: boolean }) => ({
  plugins: [reactRouter(), pureContracts(), ...(isSsrBuild ? [] : serviceWorker())],
  // A deploy's label (e.g. the commit), in every page's <meta name="shop-build">; set, it also makes
  // the build differ from one of the same sources, which is what the service-worker journey deploys.
  define: { 'import.meta.env.SHOP_BUILD_ID': JSON.stringify(process.env.SHOP_BUILD_ID ?? '') },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: clientChunks } },
  },
});
