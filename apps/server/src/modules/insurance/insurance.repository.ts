import type { InsuranceType, Traveller } from '@shop/contracts/insurance';
import type { Locale } from '@shop/contracts/locale';
import { sql } from 'drizzle-orm';
import { type Database, queryRows, withDates } from '#src/db/client.ts';
import { translatedSql } from '#src/db/translate.ts';

/** A voucher with what its insurance depends on: the trip (nights, persons) and what it cost. */
export type InsurableVoucher = {
  id: number;
  order_id: number;
  code: string;
  unit_price_cents: number;
  nights: number;
  persons: number;
  offer_title: string;
  hotel_name: string;
  valid_until: Date;
};

export type PolicyRow = {
  id: number;
  order_id: number;
  voucher_id: number;
  type: InsuranceType;
  status: 'booking' | 'booked';
  provider: string;
  idempotency_key: string;
  premium_cents: number;
  currency: 'EUR';
  covered_days: number | null;
  travellers: Traveller[];
  locale: Locale;
  policy_number: string | null;
  created_at: Date;
  booked_at: Date | null;
};

const dates = ['created_at', 'booked_at'] as const;

/** A voucher of this order only: another order's voucher id finds nothing. */
export async function findInsurableVoucher(
  db: Database,
  orderId: number,
  voucherId: number,
  locale: Locale,
): Promise<InsurableVoucher | null> {
  const [voucher] = await queryRows<InsurableVoucher>(
    db,
    sql`SELECT vo.id, vo.order_id, vo.code, vo.valid_until, i.unit_price_cents, v.nights, v.persons,
          ${translatedSql('o.title', locale)} AS offer_title, h.name AS hotel_name
        FROM vouchers vo
        JOIN order_items i ON i.id = vo.order_item_id
        JOIN variants v ON v.id = i.variant_id
        JOIN offers o ON o.id = v.offer_id
        JOIN hotels h ON h.id = o.hotel_id
        WHERE vo.id = ${voucherId} AND vo.order_id = ${orderId}`,
  );
  return withDates(voucher, ['valid_until']) ?? null;
}

/** The guests' names entered on the order's vouchers (SPEC §4), in voucher order; unnamed ones left out. */
export async function listVoucherGuests(
  db: Database,
  orderId: number,
): Promise<{ voucherId: number; firstName: string; lastName: string }[]> {
  const rows = await queryRows<{ id: number; guest_data: { firstName?: string; lastName?: string } | null }>(
    db,
    sql`SELECT id, guest_data FROM vouchers WHERE order_id = ${orderId} ORDER BY id`,
  );
  return rows.flatMap((row) =>
    row.guest_data?.firstName || row.guest_data?.lastName
      ? [
          {
            voucherId: row.id,
            firstName: row.guest_data.firstName ?? '',
            lastName: row.guest_data.lastName ?? '',
          },
        ]
      : [],
  );
}

export async function findPolicy(
  db: Database,
  voucherId: number,
  type: InsuranceType,
): Promise<PolicyRow | null> {
  const [row] = await queryRows<PolicyRow>(
    db,
    sql`SELECT * FROM insurance_policies WHERE voucher_id = ${voucherId} AND type = ${type}`,
  );
  return withDates(row, dates) ?? null;
}

export async function listBookedPolicies(
  db: Database,
  orderId: number,
  voucherId: number,
): Promise<PolicyRow[]> {
  const rows = await queryRows<PolicyRow>(
    db,
    sql`SELECT * FROM insurance_policies
        WHERE order_id = ${orderId} AND voucher_id = ${voucherId} AND status = 'booked' ORDER BY id`,
  );
  return rows.map((row) => withDates(row, dates) as PolicyRow);
}

export async function findBookedPolicy(db: Database, policyId: number): Promise<PolicyRow | null> {
  const [row] = await queryRows<PolicyRow>(
    db,
    sql`SELECT * FROM insurance_policies WHERE id = ${policyId} AND status = 'booked'`,
  );
  return withDates(row, dates) ?? null;
}

export async function findBookedPolicyByNumber(
  db: Database,
  orderId: number,
  policyNumber: string,
): Promise<PolicyRow | null> {
  const [row] = await queryRows<PolicyRow>(
    db,
    sql`SELECT * FROM insurance_policies
        WHERE order_id = ${orderId} AND policy_number = ${policyNumber} AND status = 'booked'`,
  );
  return withDates(row, dates) ?? null;
}

export type BookingAttempt = {
  orderId: number;
  voucherId: number;
  type: InsuranceType;
  provider: string;
  idempotencyKey: string;
  premiumCents: number;
  coveredDays: number | null;
  travellers: Traveller[];
  locale: Locale;
};

/**
 * The `booking` row written before the insurer is called. Null when the voucher already has a row of
 * this type (a booking at the same moment, or one before): the caller reads that one.
 */
export async function insertBooking(db: Database, attempt: BookingAttempt): Promise<PolicyRow | null> {
  const [row] = await queryRows<PolicyRow>(
    db,
    sql`INSERT INTO insurance_policies
          (order_id, voucher_id, type, provider, idempotency_key, premium_cents, covered_days, travellers, locale)
        VALUES (${attempt.orderId}, ${attempt.voucherId}, ${attempt.type}, ${attempt.provider},
                ${attempt.idempotencyKey}, ${attempt.premiumCents}, ${attempt.coveredDays},
                ${JSON.stringify(attempt.travellers)}::jsonb, ${attempt.locale})
        ON CONFLICT (voucher_id, type) DO NOTHING RETURNING *`,
  );
  return withDates(row, dates) ?? null;
}

/**
 * An unfinished booking taken over with other travellers: a new key, since the insurer must not take
 * the new data as a repeat of the old call. Only while it is still `booking` and has the key read.
 */
export async function restartBooking(
  db: Database,
  row: Pick<PolicyRow, 'id' | 'idempotency_key'>,
  attempt: BookingAttempt,
): Promise<PolicyRow | null> {
  const [updated] = await queryRows<PolicyRow>(
    db,
    sql`UPDATE insurance_policies SET idempotency_key = ${attempt.idempotencyKey},
          premium_cents = ${attempt.premiumCents}, covered_days = ${attempt.coveredDays},
          travellers = ${JSON.stringify(attempt.travellers)}::jsonb, locale = ${attempt.locale},
          provider = ${attempt.provider}
        WHERE id = ${row.id} AND status = 'booking' AND idempotency_key = ${row.idempotency_key}
        RETURNING *`,
  );
  return withDates(updated, dates) ?? null;
}

/** The insurer booked: the row becomes the policy. Null when another request got there first. */
export async function markBooked(
  tx: Database,
  row: Pick<PolicyRow, 'id' | 'idempotency_key'>,
  policyNumber: string,
): Promise<PolicyRow | null> {
  const [updated] = await queryRows<PolicyRow>(
    tx,
    sql`UPDATE insurance_policies SET status = 'booked', policy_number = ${policyNumber}, booked_at = now()
        WHERE id = ${row.id} AND status = 'booking' AND idempotency_key = ${row.idempotency_key}
        RETURNING *`,
  );
  return withDates(updated, dates) ?? null;
}

/** The insurer declined: the attempt is forgotten, so a corrected request starts afresh. */
export async function deleteBooking(
  db: Database,
  row: Pick<PolicyRow, 'id' | 'idempotency_key'>,
): Promise<void> {
  await db.execute(
    sql`DELETE FROM insurance_policies
        WHERE id = ${row.id} AND status = 'booking' AND idempotency_key = ${row.idempotency_key}`,
  );
}
