import react from '@vitejs/plugin-react';
import { type BuildEnvironmentOptions, defineConfig } from 'vite';

/**
 * The browser's files: its own stylesheet and chunks, none of which a shop page loads. React, the router
 * and TanStack Query are one chunk that changes rarely, so that a deploy of a screen leaves it in the
 * browser's cache. What every screen needs before its own code (the frame, the session, the contracts and
 * zod, React Aria's button) is one chunk, and so are the small parts most forms share and the desk's own
 * parts: each file is compressed on its own, and twenty small ones cost about 6 KB gzip more than one
 * (measured on the desk's first view, issue 27's 150 KB budget: bench/RESULTS.md).
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
            test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|@tanstack[\\/](react-query|query-core))[\\/]/,
            priority: 3,
          },
          {
            name: 'shell',
            test: /(apps[\\/]admin[\\/]src|packages[\\/]contracts)[\\/]/,
            tags: ['$initial'],
            priority: 2,
          },
          {
            name: 'fields',
            test: /react-aria-components[\\/]dist[\\/]private[\\/](Form|TextField|Text|Input|Label|FieldError)\.mjs|apps[\\/]admin[\\/]src[\\/]ui[\\/](problem-message|section|page-heading)\.tsx/,
            priority: 1,
          },
          {
            name: 'desk',
            test: /apps[\\/]admin[\\/]src[\\/]features[\\/]desk[\\/](desk-screen|recent-redemptions|undo-redemption|api[\\/]desk)\.tsx?|contracts[\\/]src[\\/](hotel-portal|voucher-code)\.ts/,
            priority: 1,
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
