import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/test/app.ts';

/**
 * The back office's files through the whole app (security headers, the storefront's catch-all beside
 * it), on a small build of its own shape: index.html and a hashed script with its .gz.
 */
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
let buildDir: string;
let missingDir: string;
let shop: TestApp;
let unbuilt: TestApp;

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'admin-build-'));
  missingDir = path.join(buildDir, 'not-built');
  await mkdir(path.join(buildDir, 'assets'));
  await writeFile(
    path.join(buildDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/admin/assets/index-AbCd1234.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(buildDir, 'assets', 'index-AbCd1234.js'), script);
  await writeFile(path.join(buildDir, 'assets', 'index-AbCd1234.js.gz'), gzipSync(script));
  shop = await createTestApp({ env: { ADMIN_BUILD_DIR: buildDir } });
  unbuilt = await createTestApp({ env: { ADMIN_BUILD_DIR: missingDir } });
});
afterAll(async () => {
  await shop?.close();
  await unbuilt?.close();
  await rm(buildDir, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

describe('the back office at /admin', () => {
  it.each(['/admin', '/admin/', '/admin/login', '/admin/orders/42?x=1', '/admin/security'])(
    '%s answers the app, never kept, with a policy that allows only its own scripts',
    async (url) => {
      const answer = await get(shop, url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toContain('<div id="root">');
      expect(answer.headers['cache-control']).toBe('no-store');
      const policy = String(answer.headers['content-security-policy']);
      expect(policy).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(policy).toMatch(/(^|; )img-src 'self' data:(;|$)/);
      expect(policy).toMatch(/(^|; )connect-src 'self'(;|$)/);
      expect(policy).not.toMatch(/nonce|unsafe-inline|unsafe-eval/);
      expect(answer.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('serves hashed files for a year, precompressed when the browser takes it', async () => {
    const answer = await get(shop, '/admin/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.rawPayload.equals(gzipSync(script))).toBe(true);
  });

  it('answers 404 for a build file that is not there, and never a file outside the build', async () => {
    expect((await get(shop, '/admin/assets/index-Gone0000.js')).statusCode).toBe(404);
    const outside = await get(shop, '/admin/assets/..%2F..%2Fpackage.json');
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain('"workspaces"');
  });

  it('leaves the shop its pages: /administration is not the back office', async () => {
    const answer = await get(shop, '/administration');
    expect(answer.body).not.toContain('<div id="root">');
  });

  it('without a build answers a clear 503 page instead of failing', async () => {
    const answer = await get(unbuilt, '/admin/orders');
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toContain('npm run build');
  });
});
