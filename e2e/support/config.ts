import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Paths and settings shared by the global setup (main process) and the tests (workers). */
export const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(e2eDir, '..');
export const outDir = path.join(e2eDir, 'out');
export const storefrontBuild = path.join(repoRoot, 'apps', 'storefront', 'build');
export const adminBuild = path.join(repoRoot, 'apps', 'admin', 'dist');

/** Debian's Chromium: no browser downloads on this machine. */
export const chromiumPath = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What the global setup hands the tests (`inject('e2e')`). */
export type E2eContext = {
  /** False when Chromium is missing outside CI: every journey is skipped. */
  isEnabled: boolean;
  /** The server's port; brands are `http://<short>.localhost:<port>`, the default brand `localhost`. */
  port: number;
  /** `http://localhost:<port>` (the default brand, demo). */
  baseUrl: string;
  /** The server's DATA_DIR (its PGlite, mail outbox, bank-statement inbox `bank-inbox/`); '' when disabled. */
  dataDir: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}
