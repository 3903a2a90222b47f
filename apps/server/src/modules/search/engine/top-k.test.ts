import { describe, expect, it } from 'vitest';
import { TopK } from './top-k.ts';

describe('TopK', () => {
  it('keeps the k smallest pairs by key, then row, in order', () => {
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (const capacity of [0, 1, 5, 50, 500]) {
      const pairs = Array.from({ length: 300 }, (_, row) => ({ key: Math.floor(random() * 40), row }));
      pairs.sort(() => random() - 0.5);
      const top = new TopK(capacity);
      for (const { key, row } of pairs) top.offer(key, row);
      const expected = [...pairs]
        .sort((a, b) => a.key - b.key || a.row - b.row)
        .slice(0, capacity)
        .map((pair) => pair.row);
      expect(top.takeSorted()).toEqual(expected);
    }
  });
});
