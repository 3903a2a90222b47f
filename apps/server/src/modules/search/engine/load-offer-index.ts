import type { Database } from '#src/db/client.ts';
import { type OfferFacts, type OfferIndex, OfferIndexBuilder } from './offer-index.ts';
import { patchSteps } from './patch-offer-index.ts';
import { readOfferChanges, readOfferSnapshot } from './snapshot.repository.ts';

/**
 * An index with what it was read from: the catalogue version, its rows (offer id order) and each row's
 * documents hash, which taking the next change in compares with.
 */
export type LoadedIndex = {
  index: OfferIndex;
  facts: readonly OfferFacts[];
  fingerprint: string;
  hashes: string[];
};

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs a stepwise build, pausing at every step so that searches go on meanwhile. */
async function stepwise<T>(steps: Generator<void, T, void>): Promise<T> {
  for (;;) {
    await pause();
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Rows parsed between pauses (a few milliseconds): searches go on meanwhile, and the driver drains the
 * socket, so PostgreSQL prepares the next rows instead of waiting for us (a second faster on 100k rows).
 */
const rowsPerSlice = 250;

/** Reads offer_search into a new index, pausing between steps so that searches go on meanwhile. */
export async function loadOfferIndex(db: Database): Promise<LoadedIndex> {
  const builder = new OfferIndexBuilder();
  const hashes: string[] = [];
  const { fingerprint } = await readOfferSnapshot(db, async (chunk) => {
    hashes.push(...chunk.hashes);
    for (let i = 0; i < chunk.rows.length; i++) {
      builder.add(chunk.rows[i]!);
      if (i % rowsPerSlice === rowsPerSlice - 1) await pause();
    }
  });
  return { index: await stepwise(builder.buildSteps()), facts: builder.facts, fingerprint, hashes };
}

/**
 * The current index with the catalogue's changes taken in: every row's columns are read again (no
 * documents: a tenth of a full load), the documents only of new offers and of those whose documents hash
 * moved. Null when so many documents changed that a full load costs about the same.
 */
export async function patchOfferIndex(db: Database, current: LoadedIndex): Promise<LoadedIndex | null> {
  const previous = current.facts;
  const limit = 100 + previous.length / 4;
  const facts: OfferFacts[] = [];
  const hashes: string[] = [];
  let old = 0;
  let changed = 0;
  const read = await readOfferChanges(db, async (chunk) => {
    const wanted: number[] = [];
    chunk.rows.forEach((row, i) => {
      while (old < previous.length && previous[old]!.offerId < row.offerId) old++;
      const isSame =
        old < previous.length &&
        previous[old]!.offerId === row.offerId &&
        current.hashes[old] === chunk.hashes[i];
      if (!isSame) wanted.push(row.offerId);
    });
    facts.push(...chunk.rows);
    hashes.push(...chunk.hashes);
    changed += wanted.length;
    await pause();
    return changed > limit ? null : wanted;
  });
  if (!read) return null;
  const index = await stepwise(patchSteps(current, facts, read.documents));
  return { index, facts, fingerprint: read.fingerprint, hashes };
}
