import { reactRouter } from '@react-router/dev/vite';
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
    { name: 'app-shell', test: /app[\\/]root\.tsx$/, priority: 2 },
    // Validation messages in three languages: fetched by the forms that check input, on their own.
    { name: 'messages', test: /packages[\\/]contracts[\\/]src[\\/]messages\.ts$/, priority: 2 },
    // The account pages' shared code, only on those pages (their checks, with zod, load on demand).
    {
      name: 'account',
      test: /apps[\\/]storefront[\\/]app[\\/]features[\\/]account[\\/](?!account-validation)/,
      minShareCount: 2,
      priority: 1,
    },
    // Not the private pages' head (checkout, order and account pages share it). Of the contracts only
    // what catalogue pages run (prices, languages): the schemas (zod) and the validation messages stay
    // in chunks of their own, loaded by the forms that check input.
    {
      name: 'catalogue',
      test: /apps[\\/]storefront[\\/]app[\\/](?!features[\\/]account[\\/]|lib[\\/]private-page-meta)|packages[\\/]contracts[\\/]src[\\/](money|locale)\.ts$/,
      minShareCount: 4,
      priority: 1,
    },
  ],
};

// No `defineConfig` import: the build runs on the Vite that @react-router/dev resolves (the
// workspace root's), which may differ from this package's own copy; a plain config fits both.
export default ({ isSsrBuild }: { isSsrBuild?: boolean }) => ({
  plugins: [reactRouter(), pureContracts()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: clientChunks } },
  },
});
