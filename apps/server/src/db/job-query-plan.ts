import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Settings for the rest of a background job's transaction (the catalogue import), whose statements look
 * thousands of rows up by key while customers are being answered. A statement fanned out to parallel
 * workers took the cores the web processes answer with (three processes each building the same hash),
 * and the planner's default random_page_cost (4, a spinning disk's) read whole tables where the rows'
 * index entries cost a quarter of the CPU: 0.3 s and three processes against 0.12 s and one for an
 * import's 10,000 lines at 100,000 offers (bench/RESULTS.md, 2026-11-29).
 */
export async function planAsBackgroundJob(tx: Database): Promise<void> {
  await tx.execute(
    sql`SELECT set_config('max_parallel_workers_per_gather', '0', true), set_config('random_page_cost', '1.1', true)`,
  );
}
