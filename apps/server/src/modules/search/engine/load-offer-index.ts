import type { Database } from '#src/db/client.ts';
import { type OfferFacts, type OfferIndex, OfferIndexBuilder } from './offer-index.ts';
import { patchSteps } from './patch-offer-index.ts';
import { readOfferChanges, readOfferSnapshot, type SnapshotMark } from './snapshot.repository.ts';

/**
 * An index with what it was read from: the catalogue version, its rows (offer id order) and each row's
 * documents hash, which taking the next change in compares with.
 */
export type LoadedIndex = SnapshotMark & {
  index: OfferIndex;
  facts: readonly OfferFacts[];
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
  const mark = await readOfferSnapshot(db, async (chunk) => {
    hashes.push(...chunk.hashes);
    for (let i = 0; i < chunk.rows.length; i++) {
      builder.add(chunk.rows[i]!);
      if (i % rowsPerSlice === rowsPerSlice - 1) await pause();
    }
  });
  return { index: await stepwise(builder.buildSteps()), facts: builder.facts, hashes, ...mark };
}

/**
 * The current index with the catalogue's changes taken in: only the rows written since its snapshot are
 * read (without documents), the documents only of new offers and of those whose documents hash moved.
 * Null when so many offers need their documents read that a full load costs about the same, or when the
 * changes do not add up to what offer_search holds (removal records older than a day are gone).
 */
export async function patchOfferIndex(
  db: Database,
  current: LoadedIndex,
): Promise<{ loaded: LoadedIndex; changedRows: number } | null> {
  const previous = current.facts;
  const read = await readOfferChanges(db, current.snapshot, 100 + previous.length / 4, ({ rows, hashes }) => {
    const wanted: number[] = [];
    let old = 0;
    rows.forEach((row, i) => {
      while (old < previous.length && previous[old]!.offerId < row.offerId) old++;
      const isSame =
        old < previous.length && previous[old]!.offerId === row.offerId && current.hashes[old] === hashes[i];
      if (!isSame) wanted.push(row.offerId);
    });
    return wanted;
  });
  if (!read) return null;
  const { rows, hashes: changedHashes } = read.changed;
  const removed = new Set(read.removed);
  const facts: OfferFacts[] = [];
  const hashes: string[] = [];
  // Both lists are in offer id order: a merge, where a changed row replaces the one it updates.
  let next = 0;
  for (let old = 0; old <= previous.length; old++) {
    const offerId = old < previous.length ? previous[old]!.offerId : Number.POSITIVE_INFINITY;
    while (next < rows.length && rows[next]!.offerId <= offerId) {
      facts.push(rows[next]!);
      hashes.push(changedHashes[next]!);
      next++;
    }
    const isReplaced = next > 0 && rows[next - 1]!.offerId === offerId;
    if (old < previous.length && !isReplaced && !removed.has(offerId)) {
      facts.push(previous[old]!);
      hashes.push(current.hashes[old]!);
    }
  }
  if (facts.length !== read.count) return null;
  const index = await stepwise(patchSteps(current, facts, read.documents));
  const loaded = { index, facts, hashes, fingerprint: read.fingerprint, snapshot: read.snapshot };
  return { loaded, changedRows: rows.length };
}
