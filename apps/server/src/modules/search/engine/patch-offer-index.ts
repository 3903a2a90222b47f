import { type Locale, locales } from '@shop/contracts/locale';
import { indexSteps, type OfferFacts, type OfferIndex } from './offer-index.ts';
import { mergePostingsSteps, type Postings, PostingsBuilder } from './postings.ts';

/**
 * The index of a changed catalogue made from the current one and its rows: `facts` are every row of the new snapshot
 * (offer id order), `documents` the documents of the offers that are new or whose text changed. Only
 * those are read and inverted; every other offer's postings are carried over, renumbered. The result
 * equals what a build from scratch of the new rows would make (patch-offer-index.test.ts holds it to
 * that), at a fraction of the cost: no document of an unchanged offer is read, parsed or inverted.
 */
export function* patchSteps(
  current: { index: OfferIndex; facts: readonly OfferFacts[] },
  facts: readonly OfferFacts[],
  documents: ReadonlyMap<number, Record<Locale, string>>,
): Generator<void, OfferIndex, void> {
  const { index, facts: previous } = current;
  const baseRowTo = new Int32Array(previous.length).fill(-1);
  const addedRows: number[] = [];
  let old = 0;
  for (let row = 0; row < facts.length; row++) {
    const { offerId } = facts[row]!;
    if (row > 0 && facts[row - 1]!.offerId >= offerId)
      throw new Error('offer rows must come in offer id order');
    while (old < previous.length && previous[old]!.offerId < offerId) old++;
    const isKnown = old < previous.length && previous[old]!.offerId === offerId;
    if (documents.has(offerId)) addedRows.push(row);
    else if (isKnown) baseRowTo[old] = row;
    else throw new Error(`offer ${offerId} is new to the index and came without its documents`);
  }

  const isSameRows = addedRows.length === 0 && facts.length === previous.length;
  let postings: Record<Locale, Postings> = index.postings;
  if (!isSameRows) {
    postings = {} as Record<Locale, Postings>;
    const addedRowTo = Int32Array.from(addedRows);
    for (const locale of locales) {
      const builder = new PostingsBuilder();
      for (const row of addedRows) builder.addDocument(documents.get(facts[row]!.offerId)![locale]);
      const added = yield* builder.buildSteps();
      postings[locale] = yield* mergePostingsSteps(index.postings[locale], baseRowTo, added, addedRowTo);
    }
  }
  return yield* indexSteps(facts, postings);
}
