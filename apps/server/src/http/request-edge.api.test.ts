import net from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { registerErrorHandling } from './error-handler.ts';
import { isValidHost } from './host-header.ts';
import { loggerOptions, redactUrl } from './logging.ts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop?.close());

const expectProblem = (
  response: { statusCode: number; headers: Record<string, unknown> },
  status: number,
) => {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toContain('application/problem+json');
};

describe('the Host header', () => {
  it('answers a malformed Host with 400 problem+json, on the API and on pages', async () => {
    const malformed = ['a b', 'localhost:99999', 'shop.example:0', 'x/y', 'ü.example', 'a'.repeat(300)];
    // Names no URL can be built from (the last label a number: read as a broken IPv4 address).
    const noUrl = ['x.1', 'demo.0', 'autoclub.x.1:3000', '1.2.3.256', 'shop.09', 'a.0x'];
    for (const host of [...malformed, ...noUrl]) {
      for (const url of ['/api/menu', '/', '/robots.txt']) {
        const response = await shop.app.inject({ method: 'GET', url, headers: { host } });
        expectProblem(response, 400);
        expect(response.json().detail, host).toBe('Host: kein gültiger Hostname');
      }
    }
  });

  it('accepts the hosts real clients send', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'autoclub.localhost:3000',
      'shop.example.',
      '127.0.0.1:80',
      '[::1]:3000',
      'my_host.internal',
    ]) {
      expect(isValidHost(host), host).toBe(true);
    }
    for (const host of [
      '',
      ' ',
      'a b',
      'localhost:99999',
      'localhost:',
      'a..b',
      '-a.example',
      'a:b:c',
      'x.1',
    ]) {
      expect(isValidHost(host), host).toBe(false);
    }
  });
});

describe("Fastify's own errors", () => {
  it("answers an address that does not decode as problem+json in the caller's language", async () => {
    for (const url of ['/api/offer/slug/%E0%A4%A', '/%E0%A4%A', '/api/order/reduction/%ff']) {
      const response = await shop.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expectProblem(response, 400);
      expect(response.json()).toMatchObject({
        type: 'validation-error',
        title: 'Please check your entries.',
      });
    }
  });
});

describe('paths a URL parser would misread', () => {
  it('sends `//x` to the path `/x` of this site, never to another host', async () => {
    for (const [url, location] of [
      ['//', '/'],
      ['///', '/'],
      ['//evil.example/x?lang=en', '/evil.example/x?lang=en'],
    ]) {
      const response = await shop.app.inject({ method: 'GET', url: url as string });
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(location);
    }
  });

  it('answers a NUL in a sandbox payment id with 404, not a failed query', async () => {
    for (const [method, url] of [
      ['GET', '/sandbox/paypal/%00'],
      ['POST', '/sandbox/paypal/%00/approve'],
    ] as const) {
      const response = await shop.app.inject({ method, url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe("Node's HTTP parser", () => {
  it('answers a request it cannot parse with problem+json too', async () => {
    const address = await shop.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nNot a header\r\n\r\n');
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('Content-Type: application/problem+json');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 400 });
  });
});

describe('security headers', () => {
  it('sends nosniff, no framing and a policy that loads nothing on API answers', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/menu' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    // Public data: another site may read it (CORP is for private answers), and HSTS comes with the pages.
    expect(response.headers['cross-origin-resource-policy']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the document headers (referrer and opener policy) on everything else', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('keeps no-store on order answers that fail before the handler (a malformed body)', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/order/items',
      headers: { 'content-type': 'application/json' },
      payload: '{"orderId":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('marks every order answer no-store, successes and problems alike', async () => {
    const created = await shop.app.inject({ method: 'POST', url: '/api/order', payload: {} });
    expect(created.headers['cache-control']).toBe('no-store');
    const { id, token: key } = created.json() as { id: number; token: string };
    expect((await shop.app.inject({ method: 'GET', url: `/api/order/${id}/${key}` })).statusCode).toBe(200);
    for (const url of [
      `/api/order/${id}/${key}`,
      `/api/order/summary/${id}/${key}`,
      `/api/order/${id}/wrong-key`,
      `/api/insurance/quote/${id}/wrong-key/1`,
      `/api/insurance/policy/${id}/wrong-key/RA-1.pdf`,
    ]) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
      // No other site may load them into its page (and its process).
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    // Catalogue answers stay cacheable.
    const menu = await shop.app.inject({ method: 'GET', url: '/api/menu' });
    expect(menu.headers['cache-control'] ?? '').not.toContain('no-store');
  });

  it('lets other sites show catalogue pictures (mails, partner pages)', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/assets/brands/demo/config.json' });
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('logs', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('keep the personal data of a failed query out of the error log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = loggerOptions('info');
    const app = Fastify({ logger: typeof logger === 'object' ? { ...logger, stream } : false });
    registerErrorHandling(app);
    app.post('/fail', async () => {
      // A real failure of a real query with a customer's data as its parameters.
      await database.db.execute(sql`SELECT ${'anna.beispiel@example.com'}::int, ${'Annabella'}::text`);
    });
    const response = await app.inject({ method: 'POST', url: '/fail' });
    expect(response.statusCode).toBe(500);
    app.log.info(
      { customer: { email: 'anna.beispiel@example.com', lastName: 'Beispielfrau' } },
      'a customer',
    );
    await app.close();
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).not.toContain('anna.beispiel@example.com');
    expect(log).not.toContain('Annabella');
    expect(log).not.toContain('Beispielfrau');
  });

  it('mask order keys in logged addresses', () => {
    const key = 'Xk3-_9aQ2mZp7LwR4tYv8bNc';
    expect(redactUrl(`/api/order/summary/42/${key}`)).toBe('/api/order/summary/42/…');
    expect(redactUrl(`/view/42/${key}?lang=en`)).toBe('/view/42/…?lang=en');
    // A search box's words may be a person's address or name: the back office's and the shop's.
    expect(redactUrl('/api/admin/records/newsletter?query=anna%40example.org&state=subscribed')).toBe(
      '/api/admin/records/newsletter?query=…&state=subscribed',
    );
    expect(redactUrl('/api/admin/audit?staff=sam%40example.org&page=2')).toBe(
      '/api/admin/audit?staff=…&page=2',
    );
    expect(redactUrl('/urlaub-finden?q=Anna+Huber')).toBe('/urlaub-finden?q=…');
    expect(redactUrl('/urlaub/hotel-alpenblick/3-naechte-wellness-42')).toBe(
      '/urlaub/hotel-alpenblick/3-naechte-wellness-42',
    );
  });
});
