import type { Database } from '#src/db/client.ts';
import { type OfferIndex, OfferIndexBuilder } from './offer-index.ts';
import { readOfferSnapshot } from './snapshot.repository.ts';

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Rows parsed between pauses (a few milliseconds): searches go on meanwhile, and the driver drains the
 * socket, so PostgreSQL prepares the next rows instead of waiting for us (a second faster on 100k rows).
 */
const rowsPerSlice = 250;

/** Reads offer_search into a new index, pausing between steps so that searches go on meanwhile. */
export async function loadOfferIndex(db: Database): Promise<{ index: OfferIndex; fingerprint: string }> {
  const builder = new OfferIndexBuilder();
  const { fingerprint } = await readOfferSnapshot(db, async (rows) => {
    for (let i = 0; i < rows.length; i++) {
      builder.add(rows[i]!);
      if (i % rowsPerSlice === rowsPerSlice - 1) await pause();
    }
  });
  const steps = builder.buildSteps();
  for (;;) {
    await pause();
    const step = steps.next();
    if (step.done) return { index: step.value, fingerprint };
  }
}
