import type { ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { databaseOutage, staleWhileDatabaseAway } from '#src/db/database-unavailable.ts';
import { TtlCache } from '#src/lib/cache.ts';

/** A rendered page, already compressed for one encoding. */
export type CachedPage = { status: number; headers: [string, string][]; body: Buffer };

/**
 * Rendered catalogue pages, kept for the catalogue TTL: every anonymous visitor gets the same HTML
 * for a brand, language and URL (consent, cart and account live in the browser), so a page is
 * rendered once per TTL instead of once per visitor, as a CDN in front would do.
 * Keyed by host, language, encoding and URL; only 200 answers that a shared cache may keep stay.
 * A page that says `no-store` or `private` (checkout, order pages: their addresses carry the order
 * key) is never kept, nor handed to another request that asked for the same URL meanwhile.
 */
export function createPageCache(ttlMs: number) {
  const pages = ttlMs > 0 ? new TtlCache<CachedPage>(ttlMs, 2_000, staleWhileUnavailable) : null;
  return {
    async get(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
      if (!pages) return render();
      let own: CachedPage | undefined;
      let page: CachedPage;
      try {
        page = await pages.get(key, async () => {
          own = await render();
          if (own.status === 503) throw new UnavailablePage(own);
          return own;
        });
      } catch (error) {
        // No earlier copy to show: the render's own "try again shortly" page.
        if (error instanceof UnavailablePage) return error.page;
        throw error;
      }
      if (page.status === 200 && isShareable(page)) return page;
      pages.delete(key);
      // Waiting for another request's render of a page only that request may have: render our own.
      return own ?? (isShareable(page) ? page : render());
    },
    /** Forgets every page: something they show changed (shop-change-watch.ts). */
    clear(): void {
      pages?.clear();
    },
  };
}

/**
 * A page rendered as 503: the API it needed could not reach the database. A copy of the page kept from
 * before is served instead, for up to an hour (docs/decisions/023-database-failover.md).
 */
class UnavailablePage extends Error {
  constructor(readonly page: CachedPage) {
    super('page unavailable');
  }
}

const staleWhileUnavailable = {
  isFor(error: unknown): boolean {
    const isUnavailable = error instanceof UnavailablePage;
    if (isUnavailable) databaseOutage.noteMet();
    return isUnavailable;
  },
  isAway: databaseOutage.isOngoing,
  maxStaleMs: staleWhileDatabaseAway.maxStaleMs,
};

/** Whether a shared cache may keep the page (RFC 9111: not `no-store`, not `private`). */
function isShareable(page: Pick<CachedPage, 'headers'>): boolean {
  const cacheControl = page.headers
    .filter(([name]) => name.toLowerCase() === 'cache-control')
    .map(([, value]) => value.toLowerCase())
    .join(',');
  return !/(^|[\s,])(no-store|private)(\s*(=|,|$))/.test(cacheControl);
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Reads a rendered response whole and compresses it for `encoding`. */
export async function bufferPage(response: Response, encoding: 'br' | 'gzip' | null): Promise<CachedPage> {
  const raw = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers].filter(
    ([name]) => name !== 'content-length' && name !== 'set-cookie',
  );
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? zlib.gzipSync(raw, { level: 6 })
        : raw;
  if (encoding) headers.push(['content-encoding', encoding]);
  return { status: response.status, headers, body };
}

export function writePage(raw: ServerResponse, page: CachedPage): void {
  for (const [name, value] of page.headers) raw.setHeader(name, value);
  const vary = [raw.getHeader('vary'), 'Accept-Encoding'].filter(Boolean).join(', ');
  raw.setHeader('vary', vary);
  raw.setHeader('content-length', page.body.length);
  raw.writeHead(page.status);
  raw.end(page.body);
}
