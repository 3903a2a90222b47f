/**
 * A bounded in-process cache whose entries expire after `ttlMs`. It stores promises, so concurrent
 * misses for one key share a single load; a failed load is forgotten at once.
 *
 * Each server process keeps its own; the TTL bounds how stale a catalogue answer may be
 * (docs/decisions/004-catalogue-caching.md).
 *
 * With `staleIfError`, an expired answer is kept for `maxStaleMs` more and served when loading it
 * again fails with an error `isFor` accepts (the database is away: docs/decisions/023): the shop keeps
 * showing what it showed a moment ago instead of an error page. While loads keep failing (or `isAway`
 * says the source is failing), one load at a time retries, at most once a second, and everybody gets
 * the stale answer at once.
 */
export type StaleIfError = {
  isFor(error: unknown): boolean;
  maxStaleMs: number;
  /** Whether the source is known to be failing now: then an expired entry is not even tried first. */
  isAway?(): boolean;
};

type Entry<V> = {
  expiresAt: number;
  value: Promise<V>;
  /** The last value loaded and when, kept past expiry for `staleIfError`. */
  last?: { value: V; loadedAt: number };
  /** Loads fail with an error the stale value covers: it is served while one load at a time retries. */
  isFailing?: boolean;
  isRetrying?: boolean;
};

const retryIntervalMs = 1_000;

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
    private readonly staleIfError?: StaleIfError,
    /**
     * Up to this share of the TTL taken off each entry's life at random: entries loaded together (after
     * a start or a change dropped them all) do not all expire, and load again, in the same moment.
     */
    private readonly spread = 0,
  ) {}

  private lifetime(): number {
    return this.spread > 0 ? this.ttlMs * (1 - this.spread * Math.random()) : this.ttlMs;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) {
      // Re-insert so that Map order is least-recently-used first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const stale = this.staleIfError && hit?.last && now - hit.last.loadedAt < this.staleIfError.maxStaleMs;
    if (stale && (hit.isFailing || this.staleIfError?.isAway?.())) {
      // Failing loads: one retry at a time, in the background; this request gets the stale answer now.
      this.retry(key, hit, load);
      return hit.value;
    }
    const entry: Entry<V> = {
      expiresAt: now + this.lifetime(),
      value: load(),
      ...(hit?.last ? { last: hit.last } : {}),
    };
    this.entries.set(key, entry);
    this.remember(key, entry);
    if (stale) entry.value = entry.value.catch((error: unknown) => this.serveStale(key, entry, error));
    else entry.value.catch(() => this.forget(key, entry));
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry.value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Notes a loaded value as the entry's last good one. */
  private remember(key: string, entry: Entry<V>): void {
    if (!this.staleIfError) return;
    entry.value.then(
      (value) => {
        if (this.entries.get(key) === entry) entry.last = { value, loadedAt: Date.now() };
      },
      () => {},
    );
  }

  /** A failed load: the stale value when the failure is one it covers, else the failure. */
  private serveStale(key: string, entry: Entry<V>, error: unknown): V {
    const last = entry.last;
    if (!last || !this.staleIfError?.isFor(error)) {
      this.forget(key, entry);
      throw error;
    }
    if (this.entries.get(key) === entry) {
      entry.expiresAt = Date.now() + retryIntervalMs;
      entry.isFailing = true;
      entry.value = Promise.resolve(last.value);
    }
    return last.value;
  }

  private retry(key: string, entry: Entry<V>, load: () => Promise<V>): void {
    entry.expiresAt = Date.now() + retryIntervalMs;
    if (entry.isRetrying) return;
    entry.isRetrying = true;
    const settled = () => {
      entry.isRetrying = false;
    };
    load()
      .finally(settled)
      .then(
        (value) => {
          if (this.entries.get(key) !== entry) return;
          this.entries.set(key, {
            expiresAt: Date.now() + this.lifetime(),
            value: Promise.resolve(value),
            last: { value, loadedAt: Date.now() },
          });
        },
        (error: unknown) => {
          // Still away: the stale value stays; anything else ends it (the answer no longer exists).
          if (!this.staleIfError?.isFor(error)) this.forget(key, entry);
        },
      );
  }

  private forget(key: string, entry: Entry<V>): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }
}

/**
 * Values that stay true until `clear()` (a change every process hears of), or for `maxAgeMs` where a
 * change is not announced; least recently used dropped beyond `maxEntries`. Values are stored when their
 * load ends: one that began before a `clear()` is not stored, since it may have read what the change
 * replaced. Loads are the caller's, so that one query can fill many keys.
 */
export class ChangeBoundStore<V> {
  private readonly entries = new Map<string, { value: V; storedAt: number }>();
  private generation = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (Date.now() - entry.storedAt >= this.maxAgeMs) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  /** A token to hand to `putAll` with what was loaded after taking it. */
  begin(): { generation: number; at: number } {
    return { generation: this.generation, at: Date.now() };
  }

  putAll(begun: { generation: number; at: number }, values: Iterable<[string, V]>): void {
    if (begun.generation !== this.generation) return;
    // Aged from when the load began: what it read may be that old.
    for (const [key, value] of values) {
      this.entries.delete(key);
      this.entries.set(key, { value, storedAt: begun.at });
    }
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(key);
    }
  }

  /** Drops these keys; loads under way are not stored either, as they may have read the old values. */
  forget(keys: Iterable<string>): void {
    this.generation++;
    for (const key of keys) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
