import { vi } from 'vitest';

/**
 * Unit tests of the browser's order calls: a fake order API behind `fetch`, browser storage in a Map
 * and the page language, so cart and checkout code runs as in the browser (test code only).
 */

export type Call = {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
};
export type Answer = { status: number; body?: unknown } | 'network-error';

export const storage = new Map<string, string>();
export const calls: Call[] = [];
const answers: ((call: Call) => Answer | undefined)[] = [];

/** A summary of `cents` worth of items, with the gift cards applied to it (each paying `cents`). */
export const summary = (cents: number, cards: { giftCardId: number; name: string; cents: number }[] = []) => {
  const price = (total: number) => ({ total, currency: 'EUR', display: `€ ${total / 100}` });
  const prepaidCents = cards.reduce((sum, card) => sum + card.cents, 0);
  return {
    subtotal: price(cents),
    shippingTotal: price(0),
    discountTotal: price(0),
    total: price(cents - prepaidCents),
    fees: [],
    prepaid: cards.map((card) => ({
      giftCardId: card.giftCardId,
      name: card.name,
      amount: price(card.cents),
    })),
  };
};
export const item = (id: number, quantity: number) => ({
  id,
  quantity,
  variantId: 50 + id,
  offerId: 9,
  offerSlug: 'angebot',
  hotelSlug: 'hotel',
  title: `Offer ${id}`,
  subtitle: '',
  image: null,
  unitPrice: { total: 10_000, currency: 'EUR', display: '€ 100,-' },
  currency: 'EUR',
  total: { total: 10_000 * quantity, currency: 'EUR', display: '' },
  parameter: { nights: 2, persons: 2 },
  available: 5,
});
export const order = (id: number, items: ReturnType<typeof item>[], extra: Record<string, unknown> = {}) => ({
  id,
  token: `key-${id}`,
  status: 'cart',
  currency: 'EUR',
  paymentType: null,
  items,
  itemCount: items.reduce((sum, entry) => sum + entry.quantity, 0),
  summary: summary(items.reduce((sum, entry) => sum + entry.total.total, 0)),
  reduction: null,
  reductionId: null,
  customer: null,
  createdAt: '2026-01-01T00:00:00Z',
  closedAt: null,
  paidAt: null,
  ...extra,
});
export const problem = (status: number, type: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { type, title: `title ${type}`, status, ...extra },
});

/** Answers in order of registration; the first that returns something wins. */
export function answer(handler: (call: Call) => Answer | undefined) {
  answers.push(handler);
}

async function fakeFetch(path: string, init: RequestInit) {
  const call: Call = {
    method: init.method ?? 'GET',
    path,
    body: init.body ? JSON.parse(String(init.body)) : undefined,
    headers: init.headers as Record<string, string>,
  };
  calls.push(call);
  for (const handler of answers) {
    const result = handler(call);
    if (result === 'network-error') throw new TypeError('Failed to fetch');
    if (result) {
      return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
        status: result.status,
        headers: { 'content-type': result.status >= 400 ? 'application/problem+json' : 'application/json' },
      });
    }
  }
  throw new Error(`unexpected call ${call.method} ${path}`);
}

/** A fresh fake browser: empty storage, no calls, no answers, Italian page language by default. */
export function stubBrowser(language = 'it') {
  vi.resetModules();
  storage.clear();
  calls.length = 0;
  answers.length = 0;
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, String(value)),
      removeItem: (key: string) => storage.delete(key),
    },
  });
  vi.stubGlobal('document', { documentElement: { lang: language } });
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
}
