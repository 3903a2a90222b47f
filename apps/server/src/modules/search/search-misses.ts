import type { SearchMisses } from '@shop/contracts/admin-reports';
import { isWellFormedVoucherCode } from '@shop/contracts/voucher-code';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';

/**
 * Search terms that found nothing, counted per office day and brand for the back office's report
 * (issue 26): what customers look for that the catalogue lacks. No personal data and no secrets: a term
 * that may be an e-mail address, a phone number or a code (a voucher, gift card or promotion code: a word
 * of letters and digits mixed) is never kept, nor anything about who searched; the report lists only
 * terms searched more than once, and rows older than 400 days are deleted. Counted in memory and added
 * to the table every minute and as the process stops (several processes add up); a crash loses at most
 * that minute's counts.
 */
export type SearchMissLog = {
  record(brandId: number, term: string): void;
  flush(): Promise<void>;
  stop(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The running process's count of search terms that found nothing (its tests flush it). */
    searchMisses: SearchMissLog;
  }
}

const flushEveryMs = 60_000;
/** Terms held between flushes: a flood of made-up terms is written early, not kept in memory. */
const mostPending = 5_000;
const longestTerm = 100;

const officeDay = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** A word of letters and digits mixed (`b9vz-mfhk-3lel`, `sommer25`): a code, not something to stock. */
const codeLike = /(?=[^\s]*\p{L})(?=[^\s]*\d)[^\s]{4,}/u;
/** A voucher code as printed (`jens-cqxm-ckpx`), mistyped or not. */
const voucherShape = /(^|\s)[\p{L}\d]{4}-[\p{L}\d]{4}-[\p{L}\d]{4}($|\s)/u;
const isCode = (term: string) =>
  codeLike.test(term) || voucherShape.test(term) || term.split(' ').some(isWellFormedVoucherCode);

/** The term as it is counted, or null for one that is not kept. */
export function missTerm(query: string): string | null {
  const term = query.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase().slice(0, longestTerm);
  if (term.length < 2) return null;
  if (/@|\(at\)|\[at\]/.test(term) || (term.match(/\d/g)?.length ?? 0) >= 6 || isCode(term)) return null;
  return term;
}

/** How long a day's counts are kept: a year and a month, for the same month a year before. */
const keptDays = 400;

export function createSearchMissLog(
  db: Database,
  log: { error(object: object, message: string): void },
): SearchMissLog {
  let pending = new Map<string, { day: string; brandId: number; term: string; count: number }>();
  let writing: Promise<void> = Promise.resolve();
  let prunedOn = '';
  const write = async () => {
    if (pending.size === 0) return;
    // In key order: two processes adding the same terms lock their rows in the same order (no deadlock).
    const batch = [...pending.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, miss]) => miss);
    pending = new Map();
    try {
      await db.execute(
        sql`INSERT INTO search_misses (day, brand_id, term, count)
            SELECT * FROM unnest(${sql.param(batch.map((miss) => miss.day))}::date[],
              ${sql.param(batch.map((miss) => miss.brandId))}::int[], ${sql.param(batch.map((miss) => miss.term))}::text[],
              ${sql.param(batch.map((miss) => miss.count))}::int[])
            ON CONFLICT (day, brand_id, term) DO UPDATE SET count = search_misses.count + excluded.count`,
      );
      const today = officeDay.format(new Date());
      if (prunedOn !== today) {
        await db.execute(sql`DELETE FROM search_misses WHERE day < current_date - ${keptDays}::int`);
        prunedOn = today;
      }
    } catch (error) {
      // Statistics: a database that is away costs this minute's counts, never a search.
      log.error({ err: error }, 'search misses: not written');
    }
  };
  // One write at a time, at most one waiting behind it; stop() waits for both.
  let isQueued = false;
  const flush = () => {
    if (!isQueued) {
      isQueued = true;
      writing = writing.then(() => {
        isQueued = false;
        return write();
      });
    }
    return writing;
  };
  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();
  return {
    record(brandId, query) {
      const term = missTerm(query);
      if (!term) return;
      const day = officeDay.format(new Date());
      const key = `${day}\u0000${brandId}\u0000${term}`;
      const miss = pending.get(key);
      if (miss) miss.count++;
      else pending.set(key, { day, brandId, term, count: 1 });
      if (pending.size >= mostPending) void flush();
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** The most searched terms that found nothing in the range, on the given brands; once is nobody's trend. */
export async function searchMisses(
  db: Database,
  scope: { brandIds: number[]; from: string; to: string },
): Promise<SearchMisses> {
  const rows = await queryRows<{ term: string; searches: number; last_day: string }>(
    db,
    sql`SELECT term, sum(count)::int AS searches, to_char(max(day), 'YYYY-MM-DD') AS last_day
        FROM search_misses
        WHERE day BETWEEN ${scope.from}::date AND ${scope.to}::date
          AND brand_id = ANY(${sql.param(scope.brandIds)}::int[])
        GROUP BY term HAVING sum(count) > 1 ORDER BY searches DESC, term LIMIT 50`,
  );
  return { terms: rows.map((row) => ({ term: row.term, searches: row.searches, lastDay: row.last_day })) };
}
