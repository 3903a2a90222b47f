import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type BrandConfig, parseBrandConfig } from '@shop/contracts/brand-config';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';

export type { BrandConfig };

export type BrandConfigSource = {
  /** The repo's `assets` folder (holds `brands/<short>/config.json`). */
  assetsDir: string;
  /** The asset host (CDN); when set, configs are fetched from `${assetUrl}/brands/<short>/config.json`. */
  assetUrl: string | undefined;
  /** Where the back office saves configurations (brand_config_versions); without it, the files alone. */
  db?: Database;
};

/**
 * Brand configurations: the newest version saved in the back office (table brand_config_versions,
 * docs/decisions/031), else the static JSON on the asset host (SPEC §1), which stays the seed. Each is
 * checked against the contract's schema (a mistake is an error naming the brand and the field) and read
 * once per process until `clear()`, which the shop-change watch calls when any process saved a change. A
 * failed read is not cached and is retried on the next request; after a `clear()` the configuration read
 * before is kept for as long as a new read fails (the database away), so the shop keeps its brand.
 */
export function createBrandConfigs(source: BrandConfigSource) {
  const cache = new Map<string, Promise<BrandConfig>>();
  const previous = new Map<string, Promise<BrandConfig>>();

  /** The configuration file alone (version 0), as shipped. */
  async function readShipped(short: string): Promise<BrandConfig> {
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

  async function read(short: string, within?: Database): Promise<BrandConfig> {
    const db = within ?? source.db;
    if (db) {
      const [saved] = await queryRows<{ config: unknown }>(
        db,
        sql`SELECT v.config FROM brand_config_versions v JOIN brands b ON b.id = v.brand_id
            WHERE b.short = ${short} ORDER BY v.version DESC LIMIT 1`,
      );
      if (saved) return parseBrandConfig(short, saved.config);
    }
    return readShipped(short);
  }

  return {
    /**
     * The brand's configuration. `within`: the caller's transaction, where a miss is read. On the
     * embedded database a transaction holds its only connection: a read beside it would wait for it
     * forever (a payment marked right after a back-office change did, issue 27).
     */
    get(short: string, within?: Database): Promise<BrandConfig> {
      let config = cache.get(short);
      if (!config) {
        config = read(short, within);
        cache.set(short, config);
        config.then(
          () => previous.delete(short),
          () => cache.delete(short),
        );
      }
      const before = previous.get(short);
      return before ? config.catch(() => before) : config;
    },
    readShipped,
    clear(): void {
      for (const [short, config] of cache) previous.set(short, config);
      cache.clear();
    },
  };
}

export type BrandConfigs = ReturnType<typeof createBrandConfigs>;
