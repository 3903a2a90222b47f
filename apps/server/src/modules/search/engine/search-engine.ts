import type { ParsedSearchRequest } from '@shop/contracts/catalogue';
import type { Locale } from '@shop/contracts/locale';
import type { Database } from '#src/db/client.ts';
import { type LoadedIndex, loadOfferIndex, patchOfferIndex } from './load-offer-index.ts';
import { readFingerprint } from './snapshot.repository.ts';

export type TextTerm = { lexeme: string; isPrefix: boolean };
/**
 * AND over groups, OR within a group (a word and its typo corrections). Lexemes are already stemmed by
 * PostgreSQL exactly as they appear in the tsvector columns. No groups at all (every word was a stop
 * word) matches nothing, as PostgreSQL's empty tsquery does.
 */
export type TextQuery = TextTerm[][];
export type EngineQuery = Pick<
  ParsedSearchRequest,
  'countries' | 'themes' | 'nights' | 'persons' | 'price' | 'sort' | 'page' | 'pageSize' | 'facets'
> & { brandId: number; locale: Locale; text: TextQuery | null };
export type FacetRows = {
  countries: { key: string; count: number }[];
  themes: { key: number; count: number }[];
  nights: { key: number; count: number }[];
  persons: { key: number; count: number }[];
  price: { min: number; max: number } | null;
};
export type EngineResult = { ids: number[]; total: number; facets: FacetRows | null };

export type SearchEngine = {
  /** Resolves once the first snapshot is loaded (search() awaits it too). */
  ready(): Promise<void>;
  search(query: EngineQuery): Promise<EngineResult>;
  /** Reloads now if the table changed (used after a seed and by tests). */
  refresh(): Promise<void>;
  /** Stops the poll and retry timers. */
  close(): void;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The offer search in process: a read-only index of offer_search (which stays the source of truth),
 * polled for changes every `refreshIntervalMs` (0: never). A change is taken in by a new index made
 * from the current one and the changed offers (load-offer-index.ts), then swapped in whole.
 */
export function createSearchEngine(
  db: Database,
  options: {
    refreshIntervalMs: number;
    /**
     * After a failed reload, the next try (default 1 s, doubling up to a minute while it keeps failing):
     * no other call may come to make one.
     */
    retryMs?: number;
    /** Hears each snapshot that replaces another: caches of search answers drop then. */
    onLoaded?: () => void;
    log?: (message: string) => void;
  },
): SearchEngine {
  const log = options.log ?? (() => {});
  const retryMs = options.retryMs ?? 1_000;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let current: LoadedIndex | null = null;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  /** The current index with the changes taken in; null when a full load is due (see patchOfferIndex). */
  async function patchOrNull(loaded: LoadedIndex): Promise<LoadedIndex | null> {
    try {
      return await patchOfferIndex(db, loaded);
    } catch (error) {
      // A full load does not depend on what the index held: it is the way out of whatever went wrong.
      log(`search engine: taking the changes in failed, loading the whole index: ${messageOf(error)}`);
      return null;
    }
  }

  async function reloadIfChanged(): Promise<void> {
    let replaced = false;
    try {
      if (current && (await readFingerprint(db)) === current.fingerprint) return;
      const started = performance.now();
      const patched = current && (await patchOrNull(current));
      const loaded = patched ?? (await loadOfferIndex(db));
      replaced = current !== null;
      current = loaded;
      log(
        `search engine: ${patched ? 'took the changes in,' : 'loaded'} ${loaded.index.size} offers in ${Math.round(performance.now() - started)} ms`,
      );
    } catch (error) {
      log(
        `search engine: loading offer_search failed${current ? ', keeping the previous snapshot' : ''}: ${messageOf(error)}`,
      );
      throw error;
    }
    // Outside the try: the listener's trouble is not a failed load.
    if (replaced) {
      try {
        options.onLoaded?.();
      } catch (error) {
        log(`search engine: a listener of the new snapshot failed: ${messageOf(error)}`);
      }
    }
  }

  function start(): Promise<void> {
    clearTimeout(retry);
    const run: Promise<void> = reloadIfChanged().finally(() => {
      if (running === run) running = null;
    });
    running = run;
    run.then(
      () => {
        failures = 0;
      },
      () => {
        if (closed) return;
        failures++;
        retry = setTimeout(
          () => void refresh().catch(() => {}),
          Math.min(retryMs * 2 ** (failures - 1), 60_000),
        );
        retry.unref();
      },
    );
    return run;
  }

  /** One reload at a time; a call during one waits for it and checks again (changes may be newer). */
  function refresh(): Promise<void> {
    if (queued) return queued;
    if (!running) return start();
    queued = running
      .catch(() => {})
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  }

  function schedulePoll(): void {
    if (closed || options.refreshIntervalMs <= 0) return;
    timer = setTimeout(() => {
      refresh()
        .catch(() => {})
        .finally(schedulePoll);
    }, options.refreshIntervalMs);
    // Polling must not keep the process alive.
    timer.unref();
  }

  async function ready(): Promise<void> {
    while (!current) await (running ?? refresh());
  }

  refresh().catch(() => {});
  schedulePoll();

  return {
    ready,
    refresh,
    async search(query) {
      if (!current) await ready();
      return current!.index.search(query);
    },
    close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(retry);
    },
  };
}
