import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getJson, type TestApp, testMetricsToken } from '#src/test/app.ts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ env: { METRICS_TOKEN: testMetricsToken } });
});
afterAll(() => shop?.close());

describe('operability', () => {
  it('answers liveness and readiness', async () => {
    expect(await getJson(shop.app, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await getJson(shop.app, '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('exposes Prometheus metrics with request durations by route', async () => {
    await getJson(shop.app, '/api/menu');
    const response = await shop.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${testMetricsToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('http_request_duration_seconds_bucket');
    expect(response.body).toMatch(/route="\/api\/menu"/);
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('keeps /metrics from anyone without the token, and from everyone when no token is set', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${testMetricsToken}`]) {
      const response = await shop.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(404);
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
    const untokened = await createTestApp();
    try {
      const response = await untokened.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    } finally {
      await untokened.close();
    }
  });

  it('serves the OpenAPI document of every catalogue call', async () => {
    const { status, body } = await getJson(shop.app, '/api/docs');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/offer',
      '/api/offer/variant/{id}',
      '/api/offer/slug/{slug}',
      '/api/offer/hotel/{slug}/{page}/{pageSize}',
      '/api/offer/data',
      '/api/offer/search',
      '/api/offer/travel-deals',
      '/api/offer/promotions',
      '/api/offer/promotion/{name}',
      '/api/offer/suggest/{tag}',
      '/api/offer/available-themes',
      '/api/offer/available-countries',
      '/api/offer/groups',
      '/api/hotel/close-to',
      '/api/hotel/list/{page}/{pageSize}',
      '/api/hotel/{slug}',
      '/api/menu',
      '/api/content',
      '/api/content/{slug}',
    ]) {
      expect(body.paths, path).toHaveProperty([path]);
    }
    expect(body.paths['/api/offer/search'].post.requestBody).toBeDefined();
  });

  it('answers unknown paths and methods with problem+json', async () => {
    const missing = await getJson(shop.app, '/api/nope');
    expect(missing).toMatchObject({ status: 404, body: { type: 'not-found' } });
    const wrongMethod = await shop.app.inject({ method: 'DELETE', url: '/api/offer/search' });
    expect(wrongMethod.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrongMethod.statusCode).toBeLessThan(500);
  });

  it('renders catalogue pictures as WebP', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/media/offer-1-1/320.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect((await shop.app.inject({ method: 'GET', url: '/media/offer-1-1/333.webp' })).statusCode).toBe(400);
  });
});
