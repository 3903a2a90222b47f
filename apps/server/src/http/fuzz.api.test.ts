import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/app.ts';

let shop: TestApp;
beforeAll(async () => {
  // A cache would answer repeated inputs without touching the database; fuzzing wants every path run.
  shop = await createTestApp({ cacheTtlMs: 0 });
});
afterAll(() => shop?.close());

/** Any request must get a success or a problem+json client error: never a 5xx, never a stack trace. */
async function expectClientSafe(request: { method: 'GET' | 'POST'; url: string; payload?: unknown }) {
  const response = await shop.app.inject({
    ...request,
    payload: request.payload as string | object | undefined,
  });
  const label = `${request.method} ${request.url} ${JSON.stringify(request.payload)?.slice(0, 200)}`;
  expect(response.statusCode, label).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], label).toContain('application/problem+json');
    const problem = response.json();
    expect(typeof problem.type, label).toBe('string');
    expect(response.body, label).not.toMatch(/\bat .+\.(ts|js):\d+/);
  }
}

const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('0', '-1', '2147483648', '1e309', 'NaN', '../../etc/passwd', '%00', "' OR 1=1 --", '   '),
);
// `.` and `..` are not values but steps in a path, which URL resolution takes before routing
// (`/media/../640.webp` is `/640.webp`, a storefront page): the test below asks for them by name.
const segment = anyText
  .map((text) => encodeURIComponent(text))
  .filter((text) => text !== '.' && text !== '..');

const runs = { numRuns: 60 };

describe('arbitrary input never breaks the API', () => {
  it('id and slug parameters', async () => {
    const templates = [
      (v: string) => `/api/offer?id=${v}`,
      (v: string) => `/api/offer/data?id=${v}`,
      (v: string) => `/api/offer/variant/${v}`,
      (v: string) => `/api/offer/slug/${v}`,
      (v: string) => `/api/offer/promotion/${v}`,
      (v: string) => `/api/offer/suggest/${v}`,
      (v: string) => `/api/hotel/${v}`,
      (v: string) => `/api/content/${v}`,
      (v: string) => `/media/${v}/640.webp`,
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...templates), segment, async (template, value) => {
        await expectClientSafe({ method: 'GET', url: template(value) });
      }),
      { numRuns: 300 },
    );
  });

  it('a picture address that names no picture (dot segments resolve to one that routes nowhere)', async () => {
    // CI's fuzzing found `/media/./640.webp`, answered with the shop's HTML page for a missing page.
    for (const url of ['/media/./640.webp', '/media/%2E/640.webp', '/media/640.webp', '/media/']) {
      await expectClientSafe({ method: 'GET', url });
      expect((await shop.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('paging and coordinates', async () => {
    await fc.assert(
      fc.asyncProperty(segment, segment, segment, async (a, b, c) => {
        await expectClientSafe({ method: 'GET', url: `/api/offer/hotel/${a}/${b}/${c}` });
        await expectClientSafe({ method: 'GET', url: `/api/hotel/list/${a}/${b}` });
        await expectClientSafe({
          method: 'GET',
          url: `/api/hotel/close-to?latitude=${a}&longitude=${b}&radius=${c}`,
        });
      }),
      runs,
    );
  });

  it('search bodies of any shape', async () => {
    const range = fc.record(
      {
        min: fc.oneof(fc.integer(), fc.double(), anyText),
        max: fc.oneof(fc.integer(), fc.double(), anyText),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.record(
        {
          query: fc.oneof(anyText, fc.integer()),
          countries: fc.array(anyText, { maxLength: 4 }),
          themes: fc.array(fc.oneof(fc.integer(), anyText), { maxLength: 4 }),
          nights: range,
          persons: range,
          price: range,
          sort: fc.oneof(
            fc.constantFrom('relevance', 'price-asc', 'price-desc', 'discount', 'newest'),
            anyText,
          ),
          page: fc.oneof(fc.integer({ min: -5, max: 300 }), fc.double(), anyText),
          pageSize: fc.oneof(fc.integer({ min: -5, max: 100 }), anyText),
          facets: fc.oneof(fc.boolean(), anyText),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        await expectClientSafe({
          method: 'POST',
          url: '/api/offer/search',
          payload: JSON.stringify(payload),
        });
      }),
      { numRuns: 200 },
    );
  });

  it('valid search requests always answer 200', async () => {
    const valid = fc.record(
      {
        query: fc.string({ unit: 'grapheme', maxLength: 50 }),
        countries: fc.array(fc.constantFrom('AT', 'de', 'IT', 'CH', 'FR', 'XX'), { maxLength: 3 }),
        nights: fc.record({ min: fc.integer({ min: 1, max: 7 }) }, { requiredKeys: [] }),
        sort: fc.constantFrom('relevance', 'price-asc', 'price-desc', 'discount', 'newest'),
        page: fc.integer({ min: 1, max: 50 }),
        pageSize: fc.integer({ min: 1, max: 48 }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(valid, async (payload) => {
        const response = await shop.app.inject({ method: 'POST', url: '/api/offer/search', payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(200);
      }),
      { numRuns: 100 },
    );
  });
});
