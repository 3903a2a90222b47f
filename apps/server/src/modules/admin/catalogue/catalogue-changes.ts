import type { Database } from '#src/db/client.ts';
import { announceShopChange } from '#src/modules/catalogue/shop-changes.ts';
import { rebuildSearchIndex, refreshVariantColumns } from '#src/modules/search/search-index.repository.ts';

/**
 * In the transaction of a catalogue change: the changed offers' search rows, and the two announcements
 * every process's change watch acts on (the search index reloads, cached answers and pages are dropped).
 * Committed together with the change, so no process can see one without the other.
 */
export async function publishCatalogueChange(
  tx: Database,
  offerIds: number[],
  /** Offers of which only variants changed: their search rows keep their documents. */
  variantsChangedOf: number[] = [],
): Promise<void> {
  if (offerIds.length > 0) await rebuildSearchIndex(tx, () => {}, offerIds);
  const rewritten = new Set(offerIds);
  const rest = variantsChangedOf.filter((id) => !rewritten.has(id));
  if (rest.length > 0) await refreshVariantColumns(tx, rest);
  await announceShopChange(tx);
}
