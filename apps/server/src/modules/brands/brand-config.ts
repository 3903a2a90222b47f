import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type BrandConfig, parseBrandConfig } from '@shop/contracts/brand-config';

export type { BrandConfig };

export type BrandConfigSource = {
  /** The repo's `assets` folder (holds `brands/<short>/config.json`). */
  assetsDir: string;
  /** The asset host (CDN); when set, configs are fetched from `${assetUrl}/brands/<short>/config.json`. */
  assetUrl: string | undefined;
};

/**
 * Brand configurations are static JSON on the asset host (SPEC §1), checked against the contract's
 * schema (a mistake is an error naming the brand and the field). They change with a deploy, so each is
 * read once per process; a failed read is not cached and is retried on the next request.
 */
export function createBrandConfigs(source: BrandConfigSource) {
  const cache = new Map<string, Promise<BrandConfig>>();

  async function read(short: string): Promise<BrandConfig> {
    if (!/^[a-z0-9-]+$/.test(short)) throw new Error(`invalid brand short ${short}`);
    if (source.assetUrl) {
      const url = `${source.assetUrl.replace(/\/$/, '')}/brands/${short}/config.json`;
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`brand config ${url}: HTTP ${response.status}`);
      return parseBrandConfig(short, await response.json());
    }
    const file = path.join(source.assetsDir, 'brands', short, 'config.json');
    return parseBrandConfig(short, JSON.parse(await readFile(file, 'utf8')));
  }

  return {
    get(short: string): Promise<BrandConfig> {
      let config = cache.get(short);
      if (!config) {
        config = read(short);
        cache.set(short, config);
        config.catch(() => cache.delete(short));
      }
      return config;
    },
    clear(): void {
      cache.clear();
    },
  };
}

export type BrandConfigs = ReturnType<typeof createBrandConfigs>;
