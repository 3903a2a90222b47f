import { afterEach, describe, expect, it, vi } from 'vitest';
import { countedKeys } from './rate-limit.ts';

describe('countedKeys (the attempt limiters skip reading keys never counted in this process)', () => {
  afterEach(() => vi.useRealTimers());

  it('says a key may hold a count from its first count until a window after its last', () => {
    vi.useFakeTimers({ now: 0 });
    const keys = countedKeys();
    expect(keys.mayHold('order-key:order:1', false, 60_000)).toBe(false);
    keys.mayHold('order-key:order:1', true, 60_000);
    vi.setSystemTime(59_999);
    expect(keys.mayHold('order-key:order:1', false, 60_000)).toBe(true);
    expect(keys.mayHold('order-key:order:2', false, 60_000)).toBe(false);
    vi.setSystemTime(60_000);
    expect(keys.mayHold('order-key:order:1', false, 60_000)).toBe(false);
  });

  it('never forgets a counted key: past its bound it says every key may hold a count', () => {
    vi.useFakeTimers({ now: 0 });
    const keys = countedKeys(2);
    keys.mayHold('a', true, 60_000);
    keys.mayHold('b', true, 60_000);
    expect(keys.mayHold('never-counted', false, 60_000)).toBe(false);
    keys.mayHold('c', true, 60_000);
    expect(keys.mayHold('a', false, 60_000)).toBe(true);
    expect(keys.mayHold('never-counted', false, 60_000)).toBe(true);
  });

  it('makes room from keys whose windows have ended', () => {
    vi.useFakeTimers({ now: 0 });
    const keys = countedKeys(2);
    keys.mayHold('a', true, 1_000);
    keys.mayHold('b', true, 60_000);
    vi.setSystemTime(2_000);
    keys.mayHold('c', true, 60_000);
    expect(keys.mayHold('b', false, 60_000)).toBe(true);
    expect(keys.mayHold('c', false, 60_000)).toBe(true);
    expect(keys.mayHold('never-counted', false, 60_000)).toBe(false);
  });
});
