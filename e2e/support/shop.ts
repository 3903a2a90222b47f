import { type Browser, type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, inject } from 'vitest';
import { chromiumArgs, chromiumPath, type E2eContext } from './config.ts';

/** The widths every screen is checked at (SPEC §9: phones from 375 px, desktops from 1280 px). */
export const viewports = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof viewports;

export type PageOptions = {
  /** Brand short name: served on `<short>.localhost`; absent = the default brand (demo) on localhost. */
  brand?: string;
  viewport?: ViewportName | { width: number; height: number };
  /** Browser language (Accept-Language); German like most customers. */
  locale?: string;
  /**
   * The stored cookie answer before the first page: `null` (default) = a first visit, the banner
   * shows where the brand asks; `'all'`/`'necessary'` = answered before (no banner).
   */
  cookieConsent?: null | 'all' | 'necessary';
};

export type Shop = {
  /** `http://localhost:<port>` or `http://<brand>.localhost:<port>`. */
  origin(brand?: string): string;
  /** A fresh browser context (no cookies, no storage) and a page in it. */
  newPage(options?: PageOptions): Promise<Page>;
  /** `newPage` + `goto(path)` + wait until React has hydrated the page. */
  open(path: string, options?: PageOptions): Promise<{ page: Page; response: Response }>;
  /** Navigates an open page (full load) and waits for hydration. */
  goto(page: Page, path: string): Promise<Response>;
  readonly e2e: E2eContext;
};

/**
 * One journey = one `describe` with its own Chromium. Skipped as a whole when the global setup found
 * no Chromium (outside CI). After each test its pages are closed, and an uncaught error in a page
 * (a crash, a failed hydration) fails the test.
 */
export function journey(name: string, body: (shop: Shop) => void): void {
  const e2e = inject('e2e');
  describe.skipIf(!e2e.isEnabled)(name, () => {
    let browser: Browser | undefined;
    let userAgent = '';
    const contexts: BrowserContext[] = [];
    const pageErrors: string[] = [];

    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
      // Headless Chromium calls itself "HeadlessChrome", which the server treats as a crawler (it then
      // waits for the whole page before sending it). Customers' browsers say "Chrome".
      const major = browser.version().split('.')[0];
      userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
    });
    afterEach(async () => {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
      const errors = pageErrors.splice(0);
      if (errors.length > 0) throw new Error(`uncaught errors in the page:\n${errors.join('\n')}`);
    });
    afterAll(async () => {
      await browser?.close();
    });

    const origin = (brand?: string) =>
      brand && brand !== 'demo' ? `http://${brand}.localhost:${e2e.port}` : `http://localhost:${e2e.port}`;

    const newPage = async (options: PageOptions = {}) => {
      if (!browser) throw new Error('the browser is not running');
      const viewport =
        typeof options.viewport === 'object' ? options.viewport : viewports[options.viewport ?? 'desktop'];
      const context = await browser.newContext({
        baseURL: origin(options.brand),
        viewport,
        locale: options.locale ?? 'de-DE',
        userAgent,
        reducedMotion: 'reduce',
      });
      contexts.push(context);
      // Offline: nothing but the shop itself (map tiles come from the internet; the map must do without).
      await context.route(
        (url) => url.hostname !== 'localhost' && !url.hostname.endsWith('.localhost'),
        (route) => route.abort('blockedbyclient'),
      );
      if (options.cookieConsent) {
        const value = String(options.cookieConsent === 'all');
        await context.addInitScript((answer) => {
          if (window.localStorage.getItem('cookieConsent') === null) {
            window.localStorage.setItem('cookieConsent', answer);
          }
        }, value);
      }
      // Every journey checks the Content-Security-Policy too: anything the policy blocks fails the test.
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
        });
      });
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
      page.on('console', (message) => {
        // frame-ancestors refusals come from a page framing ours (security.e2e.ts checks those itself).
        const text = message.text();
        if (
          message.type() === 'error' &&
          /CSP violation|Content Security Policy/.test(text) &&
          !/frame-ancestors/.test(text)
        ) {
          pageErrors.push(`${page.url()}: ${text}`);
        }
      });
      return page;
    };

    const goto = async (page: Page, path: string) => {
      // Not 'load': that waits for every picture, and a customer can use the page before.
      const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
      if (!response) throw new Error(`no response for ${path}`);
      await hydrated(page);
      return response;
    };

    const shop: Shop = {
      e2e,
      origin,
      newPage,
      goto,
      async open(path, options) {
        const page = await newPage(options);
        const response = await goto(page, path);
        return { page, response };
      },
    };
    body(shop);
  });
}

/**
 * Waits until React has taken over the server-rendered page (event handlers attached, effects run):
 * before that a click on a client-side control does nothing.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });
  // Effects run after the commit that attached the fibers: give them a frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
