import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser journeys against one production server (see support/global-setup.ts). Run from the repo root
 * with `npx vitest run --config e2e/vitest.config.ts`, or `npm test -w @shop/e2e`.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// CI asks for a JSON report to count results across suites (.ci/run); the unit suite has its own.
const jsonReport = process.env.VITEST_E2E_JSON_REPORT;

export default defineConfig({
  root: repoRoot,
  test: {
    include: ['e2e/tests/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // One browser at a time: the machine has two cores and the server needs one of them.
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: jsonReport ? ['default', ['json', { outputFile: jsonReport }]] : ['default'],
  },
});
