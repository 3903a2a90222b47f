import type { Database } from '#src/db/client.ts';
import { TtlCache } from '#src/lib/cache.ts';
import { type BrandRow, listBrands } from './brands.repository.ts';

export type Brand = Pick<BrandRow, 'id' | 'short' | 'name' | 'locales'>;

/** The brand every request falls back to when its host names none (and when no brand exists yet). */
const placeholderBrand: Brand = { id: 0, short: 'demo', name: 'Demo', locales: ['de', 'en', 'it'] };

/**
 * Resolves a request's host to its brand: a host listed in `brands.hosts`, else `<short>.<anything>`
 * (adac.localhost, adac.shop.example), else the default brand.
 */
export function createBrandDirectory(db: Database, options: { defaultShort: string; ttlMs: number }) {
  const cache = new TtlCache<BrandRow[]>(Math.max(options.ttlMs, 1_000), 1);
  const load = () => cache.get('brands', () => listBrands(db));

  async function resolve(hostname: string): Promise<Brand> {
    const all = await load();
    const host = hostname.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    const byHost = all.find((brand) => brand.hosts.includes(host));
    if (byHost) return byHost;
    const firstLabel = host.split('.')[0];
    const bySubdomain = host.includes('.') ? all.find((brand) => brand.short === firstLabel) : undefined;
    if (bySubdomain) return bySubdomain;
    return (
      all.find((brand) => brand.short === options.defaultShort) ??
      all.find((brand) => brand.isDefault) ??
      all[0] ??
      placeholderBrand
    );
  }

  return { resolve, refresh: () => cache.clear() };
}

export type BrandDirectory = ReturnType<typeof createBrandDirectory>;
