import { reactRouter } from '@react-router/dev/vite';
import { pureContracts } from './scripts/pure-contracts.ts';

// No `defineConfig` import: the build runs on the Vite that @react-router/dev resolves (the
// workspace root's), which may differ from this package's own copy; a plain object fits both.
export default {
  plugins: [reactRouter(), pureContracts()],
  build: { assetsInlineLimit: 0 },
};
