import react from '@vitejs/plugin-react';
import { type BuildEnvironmentOptions, defineConfig } from 'vite';

/**
 * The browser's files: its own stylesheet and chunks, none of which a shop page loads. React and the
 * router are one chunk that changes rarely, so that a deploy of a screen leaves it in the browser's cache.
 */
const clientBuild: BuildEnvironmentOptions = {
  outDir: 'dist/client',
  emptyOutDir: true,
  // Every screen's size is part of the admin's first-view budget (bench/first-view-js.bench.ts).
  reportCompressedSize: true,
  rolldownOptions: {
    output: {
      codeSplitting: {
        groups: [
          {
            name: 'framework',
            test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
            priority: 3,
          },
        ],
      },
    },
  },
};

/** The server's renderer of a first view (src/entry-server.tsx): never served as a file. */
const serverBuild: BuildEnvironmentOptions = {
  outDir: 'dist/server',
  emptyOutDir: true,
  rolldownOptions: { input: 'src/entry-server.tsx' },
};

/**
 * The back office under /admin/ (served by the API server, modules/admin-app): `vite build` writes the
 * browser's files to dist/client, `vite build --ssr` the renderer to dist/server.
 */
export default defineConfig(({ isSsrBuild }) => ({
  base: '/admin/',
  plugins: [react()],
  build: isSsrBuild ? serverBuild : clientBuild,
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
