import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { parsePrice } from './catalogue.ts';
import { hydrated } from './shop.ts';

/**
 * What a customer reads in an element: the rendered text (without visually hidden parts, unlike
 * textContent), whitespace collapsed.
 */
export async function textOf(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}

export async function textsOf(locator: Locator): Promise<string[]> {
  return (await locator.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

/** Waits (up to the timeout) until the element's text matches: pages update after client navigation. */
export async function expectText(locator: Locator, expected: string | RegExp, timeout = 10_000) {
  await locator.first().waitFor({ timeout });
  const poll = expect.poll(() => textOf(locator.first()), { timeout });
  if (typeof expected === 'string') await poll.toBe(expected);
  else await poll.toMatch(expected);
}

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Waits for a client-side navigation to `url` to finish (URL changed, loaders done, page rendered). */
export async function navigated(page: Page, url: string | RegExp | ((url: URL) => boolean)): Promise<void> {
  await page.waitForURL(url);
  await page.waitForFunction(() => document.getElementById('main')?.getAttribute('aria-busy') !== 'true');
  await hydrated(page);
}

/** The offer cards of a result list, as a customer reads them. */
export async function offerCards(page: Page, scope: Locator | Page = page) {
  const cards = scope.locator('.offer-grid > li');
  const count = await cards.count();
  const result = [];
  for (let index = 0; index < count; index++) {
    const card = cards.nth(index);
    result.push({
      title: await textOf(card.getByRole('heading')),
      place: await textOf(card.locator('.offer-card-place')),
      facts: await textOf(card.locator('.offer-card-facts')),
      price: await textOf(card.locator('.offer-card-price strong')),
      link: card.getByRole('link'),
    });
  }
  return result;
}

/** "3 Nächte", "1 Nacht", "2–5 Nächte" → [min, max]. */
export function nightsRange(facts: string): [number, number] {
  const range = /(\d+)–(\d+) (Nächte|nights|notti)/i.exec(facts);
  if (range) return [Number(range[1]), Number(range[2])];
  const single = /(\d+) (Nacht|Nächte|night|nights|notte|notti)\b/i.exec(facts);
  if (single) return [Number(single[1]), Number(single[1])];
  throw new Error(`no nights in "${facts}"`);
}

export function isAscending(values: number[]): boolean {
  return values.every((value, index) => index === 0 || (values[index - 1] ?? value) <= value);
}

export const pricesOf = (texts: string[], locale = 'de') => texts.map((text) => parsePrice(text, locale));

/** The `<option>` values of a select, without the empty "any" entry. */
export async function optionValues(select: Locator): Promise<string[]> {
  return select.evaluate((element) =>
    [...(element as HTMLSelectElement).options].map((option) => option.value).filter(Boolean),
  );
}
