import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeBoundStore, TtlCache } from './cache.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const counter = () => {
  let calls = 0;
  return { load: async () => ++calls, calls: () => calls };
};

describe('TtlCache', () => {
  it('shares one load between concurrent misses and answers from memory until the TTL', async () => {
    const cache = new TtlCache<number>(1_000);
    const source = counter();
    expect(await Promise.all([cache.get('k', source.load), cache.get('k', source.load)])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await cache.get('k', source.load)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await cache.get('k', source.load)).toBe(2);
    expect(source.calls()).toBe(2);
  });

  it('forgets failed loads at once', async () => {
    const cache = new TtlCache<number>(1_000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('drops the oldest entry beyond its size', async () => {
    const cache = new TtlCache<number>(1_000, 2);
    const source = counter();
    await cache.get('a', source.load);
    await cache.get('b', source.load);
    await cache.get('c', source.load);
    expect(await cache.get('a', source.load)).toBe(4);
  });

  describe('with staleIfError', () => {
    const unavailable = Object.assign(new Error('Connection terminated unexpectedly'), { away: true });
    const isFor = (error: unknown) => (error as { away?: boolean }).away === true;
    const flush = () => vi.advanceTimersByTimeAsync(0);

    it('serves the last answer while loads fail with an error it covers, and the new one once it is back', async () => {
      const cache = new TtlCache<string>(1_000, 100, { isFor, maxStaleMs: 60_000 });
      expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
      vi.advanceTimersByTime(1_001);
      let loads = 0;
      const failing = () => {
        loads++;
        return Promise.reject(unavailable);
      };
      expect(await cache.get('k', failing)).toBe('fresh');
      // Within the retry interval nobody asks the database again.
      expect(await cache.get('k', failing)).toBe('fresh');
      expect(loads).toBe(1);
      vi.advanceTimersByTime(1_001);
      // One retry at a time; callers do not wait for it.
      expect(await Promise.all([cache.get('k', failing), cache.get('k', failing)])).toEqual([
        'fresh',
        'fresh',
      ]);
      await flush();
      expect(loads).toBe(2);
      vi.advanceTimersByTime(1_001);
      expect(await cache.get('k', async () => 'back')).toBe('fresh');
      await flush();
      expect(await cache.get('k', failing)).toBe('back');
    });

    it('while the source is known to be away, answers an expired entry from its stale copy without waiting', async () => {
      let isAway = false;
      const cache = new TtlCache<string>(1_000, 100, { isFor, maxStaleMs: 60_000, isAway: () => isAway });
      await cache.get('k', async () => 'fresh');
      vi.advanceTimersByTime(1_001);
      isAway = true;
      let loads = 0;
      const hanging = () => {
        loads++;
        return new Promise<string>(() => {});
      };
      expect(await cache.get('k', hanging)).toBe('fresh');
      expect(await cache.get('k', hanging)).toBe('fresh');
      expect(loads).toBe(1);
    });

    it('passes other errors on and forgets the entry', async () => {
      const cache = new TtlCache<string>(1_000, 100, { isFor, maxStaleMs: 60_000 });
      await cache.get('k', async () => 'fresh');
      vi.advanceTimersByTime(1_001);
      await expect(cache.get('k', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
      await expect(cache.get('k', () => Promise.reject(unavailable))).rejects.toThrow('terminated');
    });

    it('serves nothing older than maxStaleMs', async () => {
      const cache = new TtlCache<string>(1_000, 100, { isFor, maxStaleMs: 5_000 });
      await cache.get('k', async () => 'fresh');
      vi.advanceTimersByTime(5_001);
      await expect(cache.get('k', () => Promise.reject(unavailable))).rejects.toThrow('terminated');
    });
  });
});

describe('ChangeBoundStore', () => {
  it('keeps values until cleared, and not a value whose load began before the clear', () => {
    const store = new ChangeBoundStore<string>(10);
    store.putAll(store.begin(), [['a', 'old']]);
    vi.advanceTimersByTime(3_600_000);
    expect(store.get('a')).toBe('old');
    const begunBefore = store.begin();
    store.clear();
    expect(store.get('a')).toBeUndefined();
    store.putAll(begunBefore, [['a', 'read before the change']]);
    expect(store.get('a')).toBeUndefined();
    store.putAll(store.begin(), [['a', 'new']]);
    expect(store.get('a')).toBe('new');
  });

  it('ages values from when their load began, and forgets single keys', () => {
    const store = new ChangeBoundStore<number>(10, 1_000);
    const begun = store.begin();
    vi.advanceTimersByTime(600);
    store.putAll(begun, [
      ['a', 1],
      ['b', 2],
    ]);
    vi.advanceTimersByTime(399);
    expect(store.get('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(store.get('a')).toBeUndefined();
    const fresh = store.begin();
    store.putAll(fresh, [['b', 3]]);
    store.forget(['b']);
    expect(store.get('b')).toBeUndefined();
    store.putAll(fresh, [['b', 4]]);
    expect(store.get('b')).toBeUndefined();
  });

  it('drops the least recently used beyond its size', () => {
    const store = new ChangeBoundStore<number>(2);
    store.putAll(store.begin(), [
      ['a', 1],
      ['b', 2],
    ]);
    expect(store.get('a')).toBe(1);
    store.putAll(store.begin(), [['c', 3]]);
    expect([store.get('a'), store.get('b'), store.get('c')]).toEqual([1, undefined, 3]);
  });
});

describe('TtlCache with a spread', () => {
  it('lets entries loaded together expire at different moments, none later than the TTL', async () => {
    const cache = new TtlCache<number>(1_000, 1_000, undefined, 0.5);
    const source = counter();
    for (let key = 0; key < 200; key++) await cache.get(String(key), source.load);
    vi.advanceTimersByTime(600);
    let reloaded = 0;
    for (let key = 0; key < 200; key++) {
      if ((await cache.get(String(key), source.load)) > 200) reloaded++;
    }
    // Lives are spread over 500–1,000 ms: at 600 ms about a fifth has expired.
    expect(reloaded).toBeGreaterThan(10);
    expect(reloaded).toBeLessThan(100);
    vi.advanceTimersByTime(1_000);
    const before = source.calls();
    for (let key = 0; key < 200; key++) await cache.get(String(key), source.load);
    expect(source.calls() - before).toBe(200);
  });
});
