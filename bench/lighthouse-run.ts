import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// The browser tests' Chromium and flags: one definition for both.
import { chromiumArgs, chromiumPath } from '../e2e/support/config.ts';

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * One Lighthouse run (default mobile preset) in a fresh Chromium, as a first-time visitor sees the page.
 * NO_NAVSTART (Lighthouse lost the trace's navigation start: its own flake, which its message says to
 * answer by running again) is retried in a new browser, at most twice; any other error ends the run.
 */
export async function lighthouseReport(
  url: string,
  categories: string[],
  chromePath = chromiumPath,
  /** Sent with every request of the page (a session cookie for a signed-in page). */
  extraHeaders?: Record<string, string>,
): Promise<Report> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, categories, chromePath, extraHeaders);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('NO_NAVSTART')) throw error;
      console.warn(`${url}: NO_NAVSTART, measuring again (attempt ${attempt + 1} of 3)`);
    }
  }
}

async function lighthouseOnce(
  url: string,
  categories: string[],
  chromePath: string,
  extraHeaders?: Record<string, string>,
): Promise<Report> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: chromiumArgs });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}
