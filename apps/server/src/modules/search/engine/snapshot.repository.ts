import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
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
): Promise<Row[]> {
  return queryRows<Row>(
    db,
    sql`SELECT ${factColumns} ${withDocuments ? sql`, ${documentColumns}` : sql``}
      FROM offer_search
      WHERE ${afterOfferId === null ? sql`true` : sql`offer_id > ${afterOfferId}`}
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
  convert: (row: Row) => Out,
  /** Answers false to stop reading. */
  onChunk: (chunk: SnapshotChunk<Out>) => unknown,
): Promise<void> {
  let next = readChunk<Row>(tx, null, withDocuments);
  try {
    for (;;) {
      const rows = await next;
      if (rows.length === 0) break;
      next =
        rows.length < (withDocuments ? chunkSize : factsChunkSize)
          ? Promise.resolve([])
          : readChunk<Row>(tx, rows.at(-1)!.offerId, withDocuments);
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

/** Reads the whole of offer_search, documents included, and the fingerprint of what it read. */
export function readOfferSnapshot(
  db: Database,
  onChunk: (chunk: SnapshotChunk<OfferRow>) => void | Promise<void>,
): Promise<{ fingerprint: string }> {
  return inSnapshot(db, async (tx) => {
    const fingerprint = await readFingerprint(tx);
    await readAll<SnapshotRow, OfferRow>(
      tx,
      true,
      (row) => ({ ...toFacts(row), documents: { de: row.de, en: row.en, it: row.it } }),
      onChunk,
    );
    return { fingerprint };
  });
}

/**
 * Reads offer_search without documents, then the documents of only the offers `needsDocuments` picks
 * (new ones, and those whose documents hash moved), all in one snapshot. `needsDocuments` sees the
 * chunks in order and answers the ids to read, or null to give up (too many changed: a full load is
 * cheaper than this).
 */
export function readOfferChanges(
  db: Database,
  onChunk: (chunk: SnapshotChunk<OfferFacts>) => number[] | null | Promise<number[] | null>,
): Promise<{ fingerprint: string; documents: Map<number, Record<Locale, string>> } | null> {
  return inSnapshot(db, async (tx) => {
    const fingerprint = await readFingerprint(tx);
    const wanted: number[] = [];
    let gaveUp = false;
    await readAll<FactsRow, OfferFacts>(tx, false, toFacts, async (chunk) => {
      const ids = await onChunk(chunk);
      if (ids === null) {
        gaveUp = true;
        return false;
      }
      wanted.push(...ids);
      return true;
    });
    if (gaveUp) return null;
    const documents = new Map<number, Record<Locale, string>>();
    for (let from = 0; from < wanted.length; from += chunkSize) {
      const rows = await queryRows<{ offerId: number } & Record<Locale, string>>(
        tx,
        sql`SELECT offer_id AS "offerId", ${documentColumns} FROM offer_search
          WHERE offer_id = ANY(${sql.param(wanted.slice(from, from + chunkSize))}::int[])`,
      );
      for (const { offerId, ...texts } of rows) documents.set(offerId, texts);
    }
    return { fingerprint, documents };
  });
}
