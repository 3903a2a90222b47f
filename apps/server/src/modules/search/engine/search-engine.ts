import type { ParsedSearchRequest } from '@shop/contracts/catalogue';
import type { Locale } from '@shop/contracts/locale';
import type { Database } from '#src/db/client.ts';
import { inThreadSource, messageOf } from './index-source.ts';
import { type ThreadDatabase, threadSource } from './index-thread.ts';
import type { OfferIndex } from './offer-index.ts';

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
  /** Stops the poll and retry timers, and the index thread. */
  close(): Promise<void>;
};

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
    /**
     * Build the index on a thread of its own, with its own connection to this database (a PostgreSQL
     * server; PGlite lives in this thread, so without it the index is built here, between searches).
     */
    thread?: ThreadDatabase | undefined;
  },
): SearchEngine {
  const log = options.log ?? (() => {});
  const retryMs = options.retryMs ?? 1_000;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let current: OfferIndex | null = null;
  const source = options.thread ? threadSource(options.thread, log) : inThreadSource(db, log);
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function reloadIfChanged(): Promise<void> {
    const index = await source.refresh();
    if (!index) return;
    const replaced = current !== null;
    current = index;
    if (!replaced) return;
    try {
      options.onLoaded?.();
    } catch (error) {
      log(`search engine: a listener of the new snapshot failed: ${messageOf(error)}`);
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
    while (!current) {
      // Closed before a first index: nothing will load one, and waiting would spin.
      if (closed) throw new Error('the search engine is closed');
      await (running ?? refresh());
    }
  }

  refresh().catch(() => {});
  schedulePoll();

  return {
    ready,
    refresh,
    async search(query) {
      if (!current) await ready();
      return current!.search(query);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(retry);
      await source.close();
    },
  };
}
