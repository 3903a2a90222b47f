import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './cache.ts';

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
});
