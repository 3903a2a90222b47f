import type {
  ServiceRecord,
  ServiceRecordKind,
  ServiceRecordList,
  ServiceRecordState,
} from '@shop/contracts/admin-records';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { type Actor, recordAudit } from '../audit/audit-trail.ts';

/**
 * The brand services' records as one kind of list (issue 26): each kind is a query that gives the same
 * columns (id, brand, when, who, state, details), filtered, paged and exported alike.
 */
const sources: Record<ServiceRecordKind, SQL> = {
  newsletter: sql`SELECT s.id, s.brand_id, s.requested_at AS at, s.email AS who,
      CASE WHEN s.unsubscribed_at IS NOT NULL THEN 'unsubscribed'
           WHEN s.confirmed_at IS NOT NULL THEN 'subscribed' ELSE 'requested' END AS state,
      json_build_object('source', s.source, 'locale', s.locale, 'consentVersion', s.consent_version,
        'confirmedAt', s.confirmed_at, 'unsubscribedAt', s.unsubscribed_at) AS details
    FROM newsletter_subscriptions s`,
  wishes: sql`SELECT w.id, w.brand_id, w.created_at AS at, w.email AS who, NULL AS state,
      json_build_object('kind', w.kind, 'text', w.text, 'locale', w.locale) AS details
    FROM wishes w`,
  reminders: sql`SELECT r.id, r.brand_id, r.created_at AS at, r.email AS who,
      CASE WHEN r.notified_at IS NULL THEN 'pending' ELSE 'notified' END AS state,
      json_build_object('offer', o.slug, 'variantId', r.variant_id, 'locale', r.locale,
        'notifiedAt', r.notified_at) AS details
    FROM stock_reminders r JOIN offers o ON o.id = r.offer_id`,
  consent: sql`SELECT c.id, c.brand_id, c.recorded_at AS at, c.visitor_id::text AS who, NULL AS state,
      json_build_object('choice', c.choice, 'bannerVersion', c.banner_version, 'textHash', c.text_hash,
        'services', array_to_string(c.services, ', '), 'locale', c.locale) AS details
    FROM consent_records c`,
};

/** The tables a deletion removes rows from (trusted names). */
const tables: Record<ServiceRecordKind, string> = {
  newsletter: 'newsletter_subscriptions',
  wishes: 'wishes',
  reminders: 'stock_reminders',
  consent: 'consent_records',
};

export const serviceRecordPageSize = 50;
/** A CSV file holds at most this many records; narrower filters give the rest. */
export const serviceRecordCsvLimit = 100_000;

export type RecordFilter = {
  brandIds: number[];
  query?: string | undefined;
  state?: ServiceRecordState | undefined;
};

type RecordRow = {
  id: number;
  brand: string;
  at: Date;
  who: string;
  state: ServiceRecordState | null;
  details: Record<string, unknown>;
  total: string;
};

function whereOf(filter: RecordFilter): SQL {
  const query = filter.query?.toLowerCase();
  return sql`x.brand_id = ANY(${sql.param(filter.brandIds)}::int[])
    AND (${query === undefined || query === ''} OR lower(x.who) LIKE ${`${(query ?? '').replace(/[\\%_]/g, '\\$&')}%`})
    AND (${filter.state === undefined} OR x.state = ${filter.state ?? ''})`;
}

const asRecord = (row: RecordRow): ServiceRecord => ({
  id: row.id,
  brand: row.brand,
  at: new Date(row.at).toISOString(),
  who: row.who,
  state: row.state,
  details: Object.fromEntries(
    Object.entries(row.details).map(([key, value]) => [key, value === null ? null : String(value)]),
  ),
});

/** A page of a kind's records, newest first, with how many the filters find. */
export async function listServiceRecords(
  db: Database,
  kind: ServiceRecordKind,
  filter: RecordFilter,
  page: number,
): Promise<ServiceRecordList> {
  const rows = await queryRows<RecordRow>(
    db,
    sql`SELECT x.id, b.short AS brand, x.at, x.who, x.state, x.details, count(*) OVER () AS total
        FROM (${sources[kind]}) x JOIN brands b ON b.id = x.brand_id
        WHERE ${whereOf(filter)}
        ORDER BY x.at DESC, x.id DESC
        LIMIT ${serviceRecordPageSize} OFFSET ${(page - 1) * serviceRecordPageSize}`,
  );
  return {
    kind,
    records: rows.map(asRecord),
    total: Number(rows[0]?.total ?? 0),
    page,
    pageSize: serviceRecordPageSize,
  };
}

/** Every record the filters find (up to the CSV limit), newest first. */
export async function allServiceRecords(
  db: Database,
  kind: ServiceRecordKind,
  filter: RecordFilter,
): Promise<ServiceRecord[]> {
  const rows = await queryRows<RecordRow>(
    db,
    sql`SELECT x.id, b.short AS brand, x.at, x.who, x.state, x.details, 0 AS total
        FROM (${sources[kind]}) x JOIN brands b ON b.id = x.brand_id
        WHERE ${whereOf(filter)}
        ORDER BY x.at DESC, x.id DESC LIMIT ${serviceRecordCsvLimit}`,
  );
  return rows.map(asRecord);
}

async function oneRecord(db: Database, kind: ServiceRecordKind, id: number, brandIds: number[]) {
  const [row] = await queryRows<RecordRow>(
    db,
    sql`SELECT x.id, b.short AS brand, x.at, x.who, x.state, x.details, 1 AS total
        FROM (${sources[kind]}) x JOIN brands b ON b.id = x.brand_id
        WHERE x.id = ${id} AND x.brand_id = ANY(${sql.param(brandIds)}::int[])`,
  );
  return row ? asRecord(row) : null;
}

/**
 * Deletes a record on request (GDPR Art. 17); a consent record goes with every other answer of the same
 * visitor on the brand (one person's evidence). The audit entry names what was deleted, not the address,
 * text or visitor id it held: the trail must not keep what the deletion removed. Null: no such record
 * among the member's brands.
 */
export async function deleteServiceRecord(
  db: Database,
  actor: Actor,
  kind: ServiceRecordKind,
  id: number,
  brandIds: number[],
  note: string,
): Promise<{ deleted: number } | null> {
  return db.transaction(async (tx) => {
    const record = await oneRecord(tx, kind, id, brandIds);
    if (!record) return null;
    const deleted =
      kind === 'consent'
        ? await queryRows<{ id: number }>(
            tx,
            sql`DELETE FROM consent_records WHERE (brand_id, visitor_id) =
                  (SELECT brand_id, visitor_id FROM consent_records WHERE id = ${id}) RETURNING id`,
          )
        : await queryRows<{ id: number }>(
            tx,
            sql`DELETE FROM ${sql.raw(tables[kind])} WHERE id = ${id} RETURNING id`,
          );
    await recordAudit(tx, actor, {
      action: 'records.delete',
      subject: `${kind}:${id}`,
      before: { kind, brand: record.brand, at: record.at, state: record.state, records: deleted.length },
      after: null,
      note,
    });
    return { deleted: deleted.length };
  });
}

/** Ends a newsletter subscription (or request) at the staff member's hand, as the unsubscribe link would. */
export async function unsubscribeNewsletter(
  db: Database,
  actor: Actor,
  id: number,
  brandIds: number[],
  note: string,
): Promise<ServiceRecord | null> {
  return db.transaction(async (tx) => {
    const record = await oneRecord(tx, 'newsletter', id, brandIds);
    if (!record || record.state === 'unsubscribed') return record;
    await tx.execute(sql`UPDATE newsletter_subscriptions SET unsubscribed_at = now() WHERE id = ${id}`);
    await recordAudit(tx, actor, {
      action: 'records.newsletter-unsubscribe',
      subject: `newsletter:${id}`,
      before: { state: record.state },
      after: { state: 'unsubscribed' },
      note,
    });
    return oneRecord(tx, 'newsletter', id, brandIds);
  });
}
