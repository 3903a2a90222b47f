import type { Locale } from '@shop/contracts/locale';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import type { OfferFacts, OfferRow } from './offer-index.ts';

/** Identifies the offer_search contents: rebuildSearchIndex bumps it on every change. */
export async function readFingerprint(db: Database): Promise<string> {
  const [row] = await queryRows<{ version: number | null }>(
    db,
    sql`SELECT (SELECT version FROM catalogue_version WHERE id = 1) AS version`,
  );
  return String(row?.version ?? 0);
}

type FactsRow = OfferFacts & { documentsHash: string };
type SnapshotRow = FactsRow & Record<Locale, string>;

/** Rows per round trip: small enough that parsing one chunk blocks the event loop only briefly. */
const chunkSize = 2000;
/** Without documents a row parses faster, but a process taking a change in is answering searches. */
const factsChunkSize = 500;

const factColumns = sql`offer_id AS "offerId", brand_id AS "brandId", country_iso::text AS "countryIso",
  theme_ids AS "themeIds", nights_set AS "nightsSet", persons_set AS "personsSet",
  price_cents AS "priceCents", discount_percent AS "discountPercent", is_sold_out AS "isSoldOut",
  -- Whole microseconds, exact in a double: Date would drop them and "newest" could tie differently.
  (extract(epoch FROM created_at) * 1000000)::float8 AS "createdAt",
  documents_hash::text AS "documentsHash"`;
const documentColumns = sql`document_de::text AS de, document_en::text AS en, document_it::text AS it`;

function readChunk<Row extends FactsRow>(
  db: Database,
  afterOfferId: number | null,
  withDocuments: boolean,
  where: SQL,
): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`SELECT ${factColumns} ${withDocuments ? sql`, ${documentColumns}` : sql``}
      FROM offer_search
      WHERE ${where} AND ${afterOfferId === null ? sql`true` : sql`offer_id > ${afterOfferId}`}
      ORDER BY offer_id
      LIMIT ${withDocuments ? chunkSize : factsChunkSize}`,
  );
}

const numbers = (values: readonly unknown[]) => values.map(Number);

function toFacts(row: FactsRow): OfferFacts {
  return {
    offerId: row.offerId,
    brandId: row.brandId,
    countryIso: row.countryIso,
    themeIds: numbers(row.themeIds),
    nightsSet: numbers(row.nightsSet),
    personsSet: numbers(row.personsSet),
    priceCents: row.priceCents,
    discountPercent: row.discountPercent,
    isSoldOut: row.isSoldOut,
    createdAt: Number(row.createdAt),
  };
}

/** One chunk of offer_search as read: the rows, and each row's documents hash (same order). */
export type SnapshotChunk<Row> = { rows: Row[]; hashes: string[] };

/**
 * Every row of offer_search in offer id order, chunk after chunk, each handed to `onChunk` while the
 * next is read (so PostgreSQL works meanwhile).
 */
async function readAll<Row extends FactsRow, Out>(
  tx: Database,
  withDocuments: boolean,
  where: SQL,
  convert: (row: Row) => Out,
  /** Answers false to stop reading. */
  onChunk: (chunk: SnapshotChunk<Out>) => unknown,
): Promise<void> {
  let next = readChunk<Row>(tx, null, withDocuments, where);
  try {
    for (;;) {
      const rows = await next;
      if (rows.length === 0) break;
      next =
        rows.length < (withDocuments ? chunkSize : factsChunkSize)
          ? Promise.resolve([])
          : readChunk<Row>(tx, rows.at(-1)!.offerId, withDocuments, where);
      const goOn = await onChunk({ rows: rows.map(convert), hashes: rows.map((row) => row.documentsHash) });
      if (goOn === false) {
        // The chunk asked for meanwhile is answered before the transaction ends; nothing more is read.
        await next.catch(() => {});
        return;
      }
    }
  } catch (error) {
    next.catch(() => {});
    throw error;
  }
}

/** One read-only REPEATABLE READ transaction: every read in it and the fingerprint are one snapshot. */
function inSnapshot<T>(db: Database, read: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((transaction) => read(transaction as unknown as Database), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/**
 * What a snapshot saw, to ask the next one what changed since: its catalogue version and its
 * `pg_current_snapshot()` (which transactions it saw).
 */
export type SnapshotMark = { fingerprint: string; snapshot: string };

async function readMark(tx: Database): Promise<SnapshotMark> {
  const [row] = await queryRows<{ version: number | null; snapshot: string }>(
    tx,
    sql`SELECT (SELECT version FROM catalogue_version WHERE id = 1) AS version, pg_current_snapshot()::text AS snapshot`,
  );
  return { fingerprint: String(row?.version ?? 0), snapshot: row!.snapshot };
}

/** Reads the whole of offer_search, documents included, and the mark of what it read. */
export function readOfferSnapshot(
  db: Database,
  onChunk: (chunk: SnapshotChunk<OfferRow>) => void | Promise<void>,
): Promise<SnapshotMark> {
  return inSnapshot(db, async (tx) => {
    const mark = await readMark(tx);
    await readAll<SnapshotRow, OfferRow>(
      tx,
      true,
      sql`true`,
      (row) => ({ ...toFacts(row), documents: { de: row.de, en: row.en, it: row.it } }),
      onChunk,
    );
    return mark;
  });
}

/** Rows written (or deleted) by a transaction that the snapshot `since` did not see. */
const writtenAfter = (since: string) =>
  sql`revision >= pg_snapshot_xmin(${since}::pg_snapshot) AND NOT pg_visible_in_snapshot(revision, ${since}::pg_snapshot)`;

/** What changed in offer_search since a snapshot, as one later snapshot saw it. */
export type OfferChanges = SnapshotMark & {
  /** The rows written since, in offer id order, with their documents hashes (same order). */
  changed: SnapshotChunk<OfferFacts>;
  /** Offers whose row was deleted since (a row may have come back: then it is in `changed`). */
  removed: number[];
  /** How many rows offer_search holds: what the changes taken in must come to. */
  count: number;
  documents: Map<number, Record<Locale, string>>;
};

/**
 * The rows of offer_search written since the snapshot `since`, without documents, then the documents of
 * only the offers `needsDocuments` picks (new ones, and those whose documents hash moved), all in one
 * snapshot. Null when more than `limit` offers need their documents: a full load costs about the same
 * then. Rows without documents are narrow: a price or stock change of every offer is still cheaper read
 * this way.
 */
export function readOfferChanges(
  db: Database,
  since: string,
  limit: number,
  needsDocuments: (changed: SnapshotChunk<OfferFacts>) => number[],
): Promise<OfferChanges | null> {
  return inSnapshot(db, async (tx) => {
    const mark = await readMark(tx);
    const changed: SnapshotChunk<OfferFacts> = { rows: [], hashes: [] };
    await readAll<FactsRow, OfferFacts>(tx, false, writtenAfter(since), toFacts, (chunk) => {
      changed.rows.push(...chunk.rows);
      changed.hashes.push(...chunk.hashes);
      return true;
    });
    const wanted = needsDocuments(changed);
    if (wanted.length > limit) return null;
    const removedRows = await queryRows<{ offerId: number }>(
      tx,
      sql`SELECT DISTINCT offer_id AS "offerId" FROM offer_search_removals WHERE ${writtenAfter(since)}`,
    );
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
      tx,
      sql`SELECT count(*)::int AS count FROM offer_search`,
    );
    const documents = new Map<number, Record<Locale, string>>();
    for (let from = 0; from < wanted.length; from += chunkSize) {
      const rows = await queryRows<{ offerId: number } & Record<Locale, string>>(
        tx,
        sql`SELECT offer_id AS "offerId", ${documentColumns} FROM offer_search
          WHERE offer_id = ANY(${sql.param(wanted.slice(from, from + chunkSize))}::int[])`,
      );
      for (const { offerId, ...texts } of rows) documents.set(offerId, texts);
    }
    return { ...mark, changed, removed: removedRows.map((row) => row.offerId), count, documents };
  });
}

/**
 * Removal records older than a day: a process whose index is older than that loads it whole. Records
 * another transaction is deleting are left to it: two catalogue changes at once do not wait on each other.
 */
export async function pruneOfferSearchRemovals(db: Database): Promise<void> {
  await db.execute(sql`DELETE FROM offer_search_removals WHERE ctid IN (
    SELECT ctid FROM offer_search_removals WHERE removed_at < now() - interval '1 day' FOR UPDATE SKIP LOCKED)`);
}
