import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '#src/db/client.ts';
import { rebuildSearchIndex } from '#src/modules/search/search-index.repository.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { type ShopChange, watchShopChanges } from './shop-change-watch.ts';
import { announceShopChange } from './shop-changes.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase({ withDemoCatalogue: true });
});
afterAll(() => database.close());

describe('the shop change watch', () => {
  it('reports an announced change once, and a search index rebuild as a catalogue change', async () => {
    const seen: ShopChange[] = [];
    const watch = watchShopChanges(database.db, {
      intervalMs: 0,
      onChange: async (change) => {
        seen.push(change);
      },
    });
    await watch.check();
    expect(seen).toEqual([]);

    await announceShopChange(database.db);
    await watch.check();
    await watch.check();
    expect(seen).toEqual([{ catalogue: false }]);

    const [offer] = await queryRows<{ id: number }>(
      database.db,
      sql`SELECT id FROM offers ORDER BY id LIMIT 1`,
    );
    await rebuildSearchIndex(database.db, () => {}, [offer!.id]);
    await watch.check();
    expect(seen).toEqual([{ catalogue: false }, { catalogue: true }]);
    watch.close();
  });

  it('an announcement rolled back with its transaction is not seen', async () => {
    const seen: ShopChange[] = [];
    const watch = watchShopChanges(database.db, { intervalMs: 0, onChange: async (c) => void seen.push(c) });
    await watch.check();
    await database.db
      .transaction(async (tx) => {
        await announceShopChange(tx);
        throw new Error('the change failed');
      })
      .catch(() => {});
    await watch.check();
    expect(seen).toEqual([]);
    watch.close();
  });
});
