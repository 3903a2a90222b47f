import { defineConfig } from 'vitest/config';

// CI asks for a JSON report to count results across suites (.ci/run).
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/storefront/app/**/*.test.ts',
      'apps/admin/src/**/*.test.ts',
      'deploy/**/*.test.ts',
    ],
    pool: 'forks',
    // Embedded databases load a migrated (and a seeded) template instead of building their own.
    globalSetup: ['apps/server/src/test/pglite-templates.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
  },
});
