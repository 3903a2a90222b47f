/**
 * A small seeded PRNG (mulberry32) with the helpers the generator needs. Every random choice of the demo
 * catalogue goes through it, so a seed fully determines the data.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by relative weight; entries with weight 0 are never chosen. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let threshold = this.next() * total;
    for (const [value, weight] of entries) {
      threshold -= weight;
      if (threshold < 0 && weight > 0) return value;
    }
    const last = entries.findLast(([, weight]) => weight > 0);
    if (!last) throw new Error('cannot pick from entries without weight');
    return last[0];
  }

  /** Fisher–Yates on a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** `count` distinct items (fewer when the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }

  /** `count` distinct values drawn by relative weight. */
  weightedSample<T>(entries: readonly (readonly [T, number])[], count: number): T[] {
    const remaining = entries.filter(([, weight]) => weight > 0);
    const chosen: T[] = [];
    while (chosen.length < count && remaining.length > 0) {
      const value = this.weighted(remaining);
      chosen.push(value);
      remaining.splice(
        remaining.findIndex(([candidate]) => candidate === value),
        1,
      );
    }
    return chosen;
  }
}

/** The seed of the whole demo catalogue; change it and every row changes. */
export const catalogueSeed = 20_260_101;

/**
 * A generator of its own for one entity (e.g. `('offer', 42)`), so an entity's data depends only on its
 * identity and not on how many entities were generated before it.
 */
export function randomFor(kind: string, id: number, seed = catalogueSeed): Random {
  let hash = seed ^ 0x9e3779b9;
  for (const char of `${kind}:${id}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x85ebca6b);
    hash ^= hash >>> 13;
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0xc2b2ae35);
  return new Random((hash ^ (hash >>> 16)) >>> 0);
}
