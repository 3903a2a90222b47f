import { Gauge, type Registry } from 'prom-client';
import type { Database } from '#src/db/client.ts';
import { summariseTransferHolds } from './transfer-holds.repository.ts';

/**
 * The stock unpaid bank transfers hold, on /metrics until the back office shows it (docs/decisions/020):
 * a largest share near the ceiling (0.5) is someone holding an offer, or an offer many wait to pay for.
 * Read from the database at each scrape; with several processes the supervisor keeps one value (`max`),
 * not the sum of the same count read by each.
 */
export function registerTransferHoldMetrics(registry: Registry, db: Database): void {
  type Summary = Awaited<ReturnType<typeof summariseTransferHolds>>;
  let summary: Promise<Summary> | null = null;
  // Gauges collected together (prom-client collects them in parallel) share one query.
  const read = () => {
    summary ??= summariseTransferHolds(db).finally(() => {
      summary = null;
    });
    return summary;
  };
  const gauge = (name: string, help: string, pick: (row: Summary) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      aggregator: 'max',
      async collect() {
        this.set(pick(await read()));
      },
    });
  gauge(
    'shop_transfer_holds_open',
    'Orders waiting for a bank transfer (they hold stock)',
    (row) => row.orders,
  );
  gauge(
    'shop_transfer_held_units',
    'Units of stock held by orders waiting for a bank transfer',
    (row) => row.units,
  );
  gauge(
    'shop_transfer_held_share_max',
    'The largest share of one variant (on the shelf plus held) held by unpaid bank transfers: at most 0.5 when a hold is taken, more once others bought the rest',
    (row) => row.maxShare,
  );
}
