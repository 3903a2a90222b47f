import { isIP } from 'node:net';
import type { Database } from '#src/db/client.ts';
import { staleWhileDatabaseAway } from '#src/db/database-unavailable.ts';
import { TtlCache } from '#src/lib/cache.ts';
import { type BrandRow, listBrands } from './brands.repository.ts';

export type Brand = Pick<BrandRow, 'id' | 'short' | 'name' | 'locales'> & {
  /**
   * Where the brand's pages live (https://reisen.partner.example): canonical links, sitemaps and the
   * addresses payment providers send buyers back to. Never taken from a request's Host header, which
   * the client chooses.
   */
  origin: string;
};

type OriginOptions = { defaultShort: string; publicUrl: string };

/**
 * Where each brand lives (docs/decisions/013): its first own host with PUBLIC_URL's scheme and port,
 * PUBLIC_URL for the default brand, else `<short>.<PUBLIC_URL's host>`. An IP address has no subdomains:
 * on a loopback one (127.0.0.1, ::1) the brands live on `<short>.localhost`, which browsers resolve to
 * the same machine (RFC 6761); on any other there is no address for them, and null says so. Null too
 * for a host in `brands.hosts` no URL can be built from.
 */
function brandOrigins(options: OriginOptions) {
  const publicUrl = new URL(options.publicUrl);
  const port = publicUrl.port ? `:${publicUrl.port}` : '';
  const ip = publicUrl.hostname.replace(/^\[(.*)\]$/, '$1');
  const parentHost = isIP(ip) === 0 ? publicUrl.hostname : isLoopback(ip) ? 'localhost' : null;
  return (row: Pick<BrandRow, 'short' | 'hosts'>): string | null => {
    const [ownHost] = row.hosts;
    if (!ownHost && row.short === options.defaultShort) return publicUrl.origin;
    const host = ownHost ?? (parentHost === null ? null : `${row.short}.${parentHost}`);
    if (host === null) return null;
    const origin = `${publicUrl.protocol}//${host}${port}`;
    return URL.canParse(origin) ? origin : null;
  };
}

const isLoopback = (ip: string) => ip === '::1' || /^127\./.test(ip);

/**
 * The brands that have no address under this PUBLIC_URL (see `brandOrigins`): the server refuses to
 * start while there are any, naming them (main.ts).
 */
export async function brandsWithoutOrigin(db: Database, options: OriginOptions): Promise<string[]> {
  const originOf = brandOrigins(options);
  return (await listBrands(db)).filter((row) => originOf(row) === null).map((row) => row.short);
}

/**
 * Resolves a request's host to its brand: a host listed in `brands.hosts`, else `<short>.<anything>`
 * (adac.localhost, adac.shop.example), else the default brand.
 */
export function createBrandDirectory(
  db: Database,
  options: { defaultShort: string; ttlMs: number; publicUrl: string },
) {
  const publicUrl = new URL(options.publicUrl);
  const brandOrigin = brandOrigins(options);
  // A brand without an address (added while the server runs; a start refuses it) gets PUBLIC_URL's:
  // its links then lead to the default brand, but never fail to be built, nor fail its mails.
  const originOf = (row: Pick<BrandRow, 'short' | 'hosts'>): string => brandOrigin(row) ?? publicUrl.origin;
  const ttlMs = Math.max(options.ttlMs, 1_000);
  const cache = new TtlCache<(BrandRow & Brand)[]>(ttlMs, 1, staleWhileDatabaseAway);
  // The last list loaded, readable without a promise: every API request resolves its brand, and a
  // promise per request is measurable at the edge (bench/side-by-side.bench.ts).
  let loaded: { brands: (BrandRow & Brand)[]; expiresAt: number } | null = null;
  // Bumped by refresh(), so that a load begun before it cannot leave its older list behind.
  let generation = 0;
  const load = () =>
    cache.get('brands', async () => {
      const startedIn = generation;
      const brands = (await listBrands(db)).map((row) => ({ ...row, origin: originOf(row) }));
      if (startedIn === generation) loaded = { brands, expiresAt: Date.now() + ttlMs };
      return brands;
    });

  async function resolve(hostname: string): Promise<Brand> {
    if (!loaded) return pick(await load(), hostname);
    // Every request resolves its brand: none waits for the list to be read again once it has been read.
    // Past its TTL the list is reloaded in the background (stale while revalidating), so a database that
    // is away costs a request nothing here; the request meets the outage, if at all, in its own queries.
    if (loaded.expiresAt <= Date.now()) load().catch(() => {});
    return pick(loaded.brands, hostname);
  }

  /** `resolve` without waiting, when the brand list is loaded and fresh; otherwise undefined. */
  function resolveLoaded(hostname: string): Brand | undefined {
    return loaded && loaded.expiresAt > Date.now() ? pick(loaded.brands, hostname) : undefined;
  }

  function pick(all: (BrandRow & Brand)[], hostname: string): Brand {
    const host = hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    const byHost = all.find((brand) => brand.hosts.includes(host));
    if (byHost) return byHost;
    const firstLabel = host.split('.')[0];
    const bySubdomain = host.includes('.') ? all.find((brand) => brand.short === firstLabel) : undefined;
    if (bySubdomain) return bySubdomain;
    return (
      all.find((brand) => brand.short === options.defaultShort) ??
      all.find((brand) => brand.isDefault) ??
      all[0] ?? {
        // No brand exists yet (an empty database): every request falls back to this one.
        id: 0,
        short: options.defaultShort,
        name: 'Demo',
        locales: ['de', 'en', 'it'],
        origin: publicUrl.origin,
      }
    );
  }

  /** The brand an order or a mail belongs to. */
  async function byId(id: number): Promise<Brand | null> {
    return (await load()).find((brand) => brand.id === id) ?? null;
  }

  /**
   * Whether a host name (a pasted link's, say) is one this installation answers for as a brand: a brand's
   * address or listed host, or PUBLIC_URL's. Ports are not compared.
   */
  async function isBrandHost(hostname: string): Promise<boolean> {
    const name = hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    if (name === publicUrl.hostname) return true;
    return (await load()).some(
      (brand) => brand.hosts.includes(name) || new URL(brand.origin).hostname === name,
    );
  }

  function refresh(): void {
    generation++;
    loaded = null;
    cache.clear();
  }

  return { resolve, resolveLoaded, byId, isBrandHost, refresh };
}

export type BrandDirectory = ReturnType<typeof createBrandDirectory>;
