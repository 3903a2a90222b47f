import { randomBytes } from 'node:crypto';
import type { Database } from '#src/db/client.ts';
import { readCatalogueSeeds, readCatalogueVersion } from './media.repository.ts';

export type CatalogueSeeds = {
  /** Whether the catalogue names `seed` (decoded, exactly as stored). */
  has(seed: string): Promise<boolean>;
};

/**
 * The seeds the catalogue names, kept per process: `image_seeds` has no index, and a query per
 * request for an invented seed is exactly the work an attacker wants to cause. The set is loaded on
 * the first lookup and reloaded when `catalogue_version` moves; a seed it does not hold makes the
 * process look at the version at most once per `recheckMs`, so invented seeds cost one tiny query per
 * interval, whatever their rate.
 *
 * The set holds 53-bit hashes (keyed per process, sorted, binary-searched), not the strings: 300,000
 * seeds take 2.4 MB instead of about 20 MB per process. A collision only means one picture is rendered
 * that need not be; the key is random, so nobody can aim for one.
 */
export function createCatalogueSeeds(db: Database, options: { recheckMs: number }): CatalogueSeeds {
  const key = randomBytes(4).readUInt32LE(0);
  let snapshot: { version: string; hashes: Float64Array } | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | null = null;

  async function reloadIfChanged(): Promise<void> {
    if (snapshot && (await readCatalogueVersion(db)) === snapshot.version) return;
    const { version, seeds } = await readCatalogueSeeds(db);
    const hashes = new Float64Array(seeds.length);
    for (let index = 0; index < seeds.length; index++) hashes[index] = hashSeed(seeds[index]!, key);
    snapshot = { version, hashes: hashes.sort() };
  }

  /** Concurrent misses share one check. */
  function check(): Promise<void> {
    checking ??= reloadIfChanged().finally(() => {
      checking = null;
      checkedAt = Date.now();
    });
    return checking;
  }

  return {
    async has(seed) {
      const hash = hashSeed(seed, key);
      if (snapshot && contains(snapshot.hashes, hash)) return true;
      if (snapshot && Date.now() - checkedAt < options.recheckMs) return false;
      await check();
      return snapshot !== null && contains(snapshot.hashes, hash);
    },
  };
}

/** cyrb53: a fast 53-bit string hash (exact in a double), seeded with the process's key. */
export function hashSeed(text: string, key: number): number {
  let h1 = 0xdeadbeef ^ key;
  let h2 = 0x41c6ce57 ^ key;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

function contains(sorted: Float64Array, value: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = sorted[middle]!;
    if (at === value) return true;
    if (at < value) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
