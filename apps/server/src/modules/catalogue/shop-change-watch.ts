import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';

/** What moved since the last look: the search index's rows (`catalogue`) or only what pages show. */
export type ShopChange = { catalogue: boolean };

type Versions = { catalogue: string; shop: string };

async function readVersions(db: Database): Promise<Versions> {
  const [row] = await queryRows<{ catalogue: string | number | null; shop: string | number | null }>(
    db,
    sql`SELECT (SELECT version FROM catalogue_version WHERE id = 1) AS catalogue,
      (SELECT version FROM shop_version WHERE id = 1) AS shop`,
  );
  return { catalogue: String(row?.catalogue ?? 0), shop: String(row?.shop ?? 0) };
}

/**
 * Every process's look at the two change counters (`catalogue_version`, bumped by search index
 * rebuilds; `shop_version`, by `announceShopChange`), one tiny query every `intervalMs` (CHANGE_POLL_MS).
 * A change made on any process or machine reaches this one within the interval plus whatever `onChange`
 * reloads: that is how back-office edits are live everywhere within seconds without a message bus. The
 * first look only takes note; a failed look (the database away) is tried again at the next tick.
 */
export function watchShopChanges(
  db: Database,
  options: { intervalMs: number; onChange: (change: ShopChange) => Promise<void> },
): { close(): void; check(): Promise<void> } {
  let seen: Versions | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let checking: Promise<void> | null = null;

  async function look(): Promise<void> {
    const now = await readVersions(db);
    const before = seen;
    seen = now;
    if (!before || (before.catalogue === now.catalogue && before.shop === now.shop)) return;
    await options.onChange({ catalogue: before.catalogue !== now.catalogue });
  }

  function check(): Promise<void> {
    checking ??= look().finally(() => {
      checking = null;
    });
    return checking;
  }

  function schedule(): void {
    if (closed || options.intervalMs <= 0) return;
    timer = setTimeout(() => {
      check()
        .catch(() => {})
        .finally(schedule);
    }, options.intervalMs);
    timer.unref();
  }

  check().catch(() => {});
  schedule();
  return {
    check,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
