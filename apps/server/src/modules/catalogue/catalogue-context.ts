import type { Locale } from '@shop/contracts/locale';
import type { Database } from '#src/db/client.ts';
import { staleWhileDatabaseAway } from '#src/db/database-unavailable.ts';
import { ChangeBoundStore, TtlCache } from '#src/lib/cache.ts';
import type { Brand } from '#src/modules/brands/brand-directory.ts';
import type { OfferCard, OfferListing } from '#src/modules/offers/offers.repository.ts';
import type { SearchEngine } from '#src/modules/search/engine/search-engine.ts';
import { createDictionary, type Labels } from './dictionary.ts';

/** Who asks: the brand whose catalogue is visible and the language of every text. */
export type Audience = { brand: Brand; locale: Locale };

/**
 * What catalogue services share: the database, the code labels and one read-through cache of finished
 * answers. Catalogue data changes rarely; the TTL bounds how long a change takes to show.
 */
export function createCatalogueContext(
  db: Database,
  ttlMs: number,
  searchEngine: SearchEngine,
  /** CHANGE_POLL_MS: 0 = no change watch, so nothing is kept past the TTL. */
  changePollMs: number,
  /**
   * This process is its database's only writer (the embedded database): every sale is its own, and
   * it forgets the listings a sale changes (app.ts, onStockColumnsWritten).
   */
  soleWriter: boolean,
) {
  const dictionary = createDictionary(db, ttlMs);
  const answers = new TtlCache<unknown>(ttlMs, 20_000, staleWhileDatabaseAway, 0.25);
  // Kept until the change watch drops it; ten minutes at most, for a change written with SQL and not
  // announced. Without the watch, as long as the labels (at least a second, also with the cache off).
  const untilChangeMs = changePollMs > 0 ? 10 * 60_000 : Math.max(ttlMs, 1_000);
  const untilChange = new TtlCache<unknown>(untilChangeMs, 20_000);
  const offerCards = new ChangeBoundStore<OfferCard>(50_000, untilChangeMs);
  // A sale changes prices and stock without announcing it. Another process's sale is seen within a
  // second (an answer showing it is at most a second older than the TTL allows); where all sales are
  // this process's own, they are kept as long as the texts: a search then asks the database nothing
  // for its cards (the embedded default's tail, bench/RESULTS.md).
  const offerListings = new ChangeBoundStore<OfferListing>(50_000, soleWriter ? untilChangeMs : 1_000);
  return {
    db,
    searchEngine,
    labels: (): Promise<Labels> => dictionary.load(),
    cached<T>(audience: Audience, key: string, load: () => Promise<T>): Promise<T> {
      return answers.get(`${audience.brand.id}:${audience.locale}:${key}`, load) as Promise<T>;
    },
    /**
     * What only an announced change can alter (the typo vocabulary, a word's stemming): kept until the
     * next change (or ten minutes) whatever the TTL, so a search with known words asks the database
     * nothing for them. On the embedded database every query blocks the one thread that answers
     * (docs/decisions/035).
     */
    untilChange<T>(key: string, load: () => Promise<T>): Promise<T> {
      return untilChange.get(key, load) as Promise<T>;
    },
    /** The texts of offer cards by language and offer, kept until the next announced change. */
    offerCards,
    /** Offer cards' prices, stock, nights and persons by offer. */
    offerListings,
    clearCache: () => {
      answers.clear();
      untilChange.clear();
      offerCards.clear();
      offerListings.clear();
    },
  };
}

export type CatalogueContext = ReturnType<typeof createCatalogueContext>;
