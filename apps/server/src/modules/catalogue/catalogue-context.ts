import type { Locale } from '@shop/contracts/locale';
import type { Database } from '#src/db/client.ts';
import { staleWhileDatabaseAway } from '#src/db/database-unavailable.ts';
import { TtlCache } from '#src/lib/cache.ts';
import type { Brand } from '#src/modules/brands/brand-directory.ts';
import type { SearchEngine } from '#src/modules/search/engine/search-engine.ts';
import { createDictionary, type Labels } from './dictionary.ts';

/** Who asks: the brand whose catalogue is visible and the language of every text. */
export type Audience = { brand: Brand; locale: Locale };

/**
 * What catalogue services share: the database, the code labels and one read-through cache of finished
 * answers. Catalogue data changes rarely; the TTL bounds how long a change takes to show.
 */
export function createCatalogueContext(db: Database, ttlMs: number, searchEngine: SearchEngine) {
  const dictionary = createDictionary(db, ttlMs);
  const answers = new TtlCache<unknown>(ttlMs, 20_000, staleWhileDatabaseAway);
  return {
    db,
    searchEngine,
    labels: (): Promise<Labels> => dictionary.load(),
    cached<T>(audience: Audience, key: string, load: () => Promise<T>): Promise<T> {
      return answers.get(`${audience.brand.id}:${audience.locale}:${key}`, load) as Promise<T>;
    },
    clearCache: () => answers.clear(),
  };
}

export type CatalogueContext = ReturnType<typeof createCatalogueContext>;
