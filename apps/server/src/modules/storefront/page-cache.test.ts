import { describe, expect, it } from 'vitest';
import { bufferPage, type CachedPage, createPageCache } from './page-cache.ts';

/** A page as React Router hands it over, with a render counter: each call is one render. */
function renderer(headers: Record<string, string>, status = 200) {
  let renders = 0;
  const render = async (): Promise<CachedPage> => {
    renders += 1;
    const html = `<!doctype html><p>render ${renders}</p>`;
    return bufferPage(
      new Response(html, { status, headers: { 'content-type': 'text/html', ...headers } }),
      null,
    );
  };
  return { render, renders: () => renders };
}

const text = (page: CachedPage) => page.body.toString('utf8');

describe('page cache', () => {
  it('keeps a catalogue page: the second visitor gets the first render', async () => {
    const cache = createPageCache(60_000);
    const page = renderer({ 'cache-control': 'public, max-age=60' });
    expect(text(await cache.get('a', page.render))).toContain('render 1');
    expect(text(await cache.get('a', page.render))).toContain('render 1');
    expect(page.renders()).toBe(1);
  });

  for (const cacheControl of ['no-store', 'private', 'private, max-age=0', 'max-age=0, No-Store']) {
    it(`never keeps a page that says "${cacheControl}", nor shares it with a request waiting for it`, async () => {
      const cache = createPageCache(60_000);
      const page = renderer({ 'cache-control': cacheControl });
      const first = await cache.get('checkout', page.render);
      const second = await cache.get('checkout', page.render);
      expect([text(first), text(second)]).toEqual([
        expect.stringContaining('render 1'),
        expect.stringContaining('render 2'),
      ]);
      expect(first.headers).toContainEqual(['cache-control', cacheControl]);
      // Two requests for the same address at once: each gets its own render.
      const [a, b] = await Promise.all([cache.get('view', page.render), cache.get('view', page.render)]);
      expect(new Set([text(a), text(b)]).size).toBe(2);
    });
  }

  it('keeps only 200 answers', async () => {
    const cache = createPageCache(60_000);
    const missing = renderer({}, 404);
    await cache.get('gone', missing.render);
    await cache.get('gone', missing.render);
    expect(missing.renders()).toBe(2);
  });
});
