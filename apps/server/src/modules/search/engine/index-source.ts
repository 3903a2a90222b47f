import type { Database } from '#src/db/client.ts';
import { type LoadedIndex, loadOfferIndex, patchOfferIndex } from './load-offer-index.ts';
import type { OfferIndex } from './offer-index.ts';
import { readFingerprint } from './snapshot.repository.ts';

/** Where the engine gets its index from: this thread (index-source.ts) or another (index-thread.ts). */
export type IndexSource = {
  /** A new index when offer_search changed since the last one (the first call always has one), else null. */
  refresh(): Promise<OfferIndex | null>;
  close(): Promise<void>;
};

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The index read and built on this thread: a full load the first time, then each change taken into the
 * current index (patchOfferIndex), or a full load when that is cheaper or failed.
 */
export function inThreadSource(db: Database, log: (message: string) => void): IndexSource {
  let current: LoadedIndex | null = null;

  async function patchOrNull(loaded: LoadedIndex) {
    try {
      return await patchOfferIndex(db, loaded);
    } catch (error) {
      // A full load does not depend on what the index held: it is the way out of whatever went wrong.
      log(`search engine: taking the changes in failed, loading the whole index: ${messageOf(error)}`);
      return null;
    }
  }

  return {
    async refresh() {
      try {
        if (current && (await readFingerprint(db)) === current.fingerprint) return null;
        const started = performance.now();
        const patched = current && (await patchOrNull(current));
        const loaded = patched?.loaded ?? (await loadOfferIndex(db));
        current = loaded;
        const how = patched ? `took the changes in (rows read: ${patched.changedRows}),` : 'loaded';
        log(
          `search engine: ${how} ${loaded.index.size} offers in ${Math.round(performance.now() - started)} ms`,
        );
        return loaded.index;
      } catch (error) {
        log(
          `search engine: loading offer_search failed${current ? ', keeping the previous snapshot' : ''}: ${messageOf(error)}`,
        );
        throw error;
      }
    },
    async close() {},
  };
}
