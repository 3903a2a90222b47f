import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The back office is a single-page app under /admin/ (served by the API server, modules/admin-app):
 * its own stylesheet and chunks, none of which a shop page loads. React and the router are one chunk
 * that changes rarely, so that a deploy of a screen leaves it in the browser's cache.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
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
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
