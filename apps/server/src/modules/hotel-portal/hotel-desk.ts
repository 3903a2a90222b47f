/**
 * Checking and redeeming a voucher at a hotel's desk or from a hotel system (issue 27). A voucher is
 * judged in one place (`judge`), for the check's answer and the redeem's refusal alike. A redemption is
 * one row under the voucher's row lock, and a partial unique index allows one in force per voucher: two
 * desks on two processes cannot both redeem it.
 */
import type {
  checkedVoucherSchema,
  Redemption,
  VoucherCheck,
  VoucherRedeemAnswer,
  VoucherState,
  voucherRedeemRequestSchema,
} from '@shop/contracts/hotel-portal';
import { type Locale, localeIso } from '@shop/contracts/locale';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/unique-violation.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { recordAudit } from '#src/modules/admin/audit/audit-trail.ts';
import type { GuestData } from '#src/modules/vouchers/vouchers.repository.ts';
import { hotelPortalMessages } from './hotel-portal-messages.ts';
import {
  type DeskVoucherRow,
  findDeskVoucher,
  findRedemptionByIdempotencyKey,
  insertRedemption,
  lockRedemption,
  lockVoucher,
  markUndone,
  type RedemptionRow,
} from './redemptions.repository.ts';

/** A hotel may undo its own redemption for this long (a mistake at the desk); later only the operator. */
export const hotelUndoWindowMs = 24 * 60 * 60 * 1000;

/** Who is at the desk: a staff member or a hotel system's key, and the hotels they act for. */
export type Desk = {
  /** null: every hotel (an operator). */
  hotelIds: number[] | null;
  staffId: string | null;
  apiKeyId: number | null;
  /** As the hotel sees it in a redemption ("Rita Rezeption", or the key's label). */
  name: string;
  /** The audit trail's name: the member's address, or the key's. */
  auditName: string;
  /** The operator may undo any redemption at any time. */
  isOperator: boolean;
  /** The client's address, for the audit trail. */
  address: string;
};

export type DeskDeps = {
  db: Database;
  /** PAYMENTS_MODE=sandbox: specimens may be redeemed, for training. */
  isSandbox: boolean;
};

type Judgement = { state: VoucherState; redeemable: boolean };

export function judge(voucher: DeskVoucherRow, desk: Desk, deps: DeskDeps, now = new Date()): Judgement {
  if (desk.hotelIds !== null && !desk.hotelIds.includes(voucher.hotel_id)) {
    return { state: 'other-hotel', redeemable: false };
  }
  if (voucher.redemption) return { state: 'redeemed', redeemable: false };
  if (voucher.voided_at) return { state: voucher.refunded ? 'refunded' : 'cancelled', redeemable: false };
  if (voucher.valid_until.getTime() < now.getTime()) return { state: 'expired', redeemable: false };
  if (isSpecimen(voucher, deps)) return { state: 'specimen', redeemable: deps.isSandbox };
  return { state: 'valid', redeemable: true };
}

/** Every voucher of a sandbox installation is a specimen (its PDF says so), and one paid in the simulator anywhere. */
const isSpecimen = (voucher: DeskVoucherRow, deps: DeskDeps) => deps.isSandbox || voucher.sandbox_paid;

const iso = (date: Date) => date.toISOString();

/** The guest's name as printed on the voucher; null when none was entered. */
export const guestNameOf = (guest: GuestData | null): string | null =>
  guest ? `${guest.firstName} ${guest.lastName}`.trim() || null : null;

export function presentRedemption(row: RedemptionRow): Redemption {
  return {
    id: row.id,
    redeemedAt: iso(row.redeemed_at),
    redeemedBy: row.redeemed_by_name,
    arrival: row.arrival,
    departure: row.departure,
    bookingReference: row.booking_reference,
    nightsNote: row.nights_note,
    undoableUntil: iso(new Date(row.redeemed_at.getTime() + hotelUndoWindowMs)),
    undoneAt: row.undone_at ? iso(row.undone_at) : null,
    undoneBy: row.undone_by_name,
  };
}

function presentVoucher(voucher: DeskVoucherRow, deps: DeskDeps): z.infer<typeof checkedVoucherSchema> {
  return {
    code: voucher.code,
    hotel: { id: voucher.hotel_id, name: voucher.hotel_name },
    offerTitle: voucher.offer_title,
    nights: voucher.nights,
    persons: voucher.persons,
    board: voucher.board,
    guestName: guestNameOf(voucher.guest_data),
    validUntil: iso(voucher.valid_until),
    specimen: isSpecimen(voucher, deps),
  };
}

/** The check's answer; another hotel's voucher says only that. */
export function presentCheck(voucher: DeskVoucherRow, desk: Desk, deps: DeskDeps): VoucherCheck {
  const { state, redeemable } = judge(voucher, desk, deps);
  if (state === 'other-hotel') {
    return { code: voucher.code, state, redeemable, voucher: null, redemption: null, voidedAt: null };
  }
  return {
    code: voucher.code,
    state,
    redeemable,
    voucher: presentVoucher(voucher, deps),
    redemption: voucher.redemption ? presentRedemption(voucher.redemption) : null,
    voidedAt: voucher.voided_at ? iso(voucher.voided_at) : null,
  };
}

/** null: no voucher has this code (a miss, counted against the guesser). */
export async function checkVoucher(
  deps: DeskDeps,
  desk: Desk,
  code: string,
  locale: Locale,
): Promise<VoucherCheck | null> {
  const voucher = await findDeskVoucher(deps.db, code, locale);
  return voucher && presentCheck(voucher, desk, deps);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export type RedeemOutcome =
  | { outcome: 'redeemed'; answer: VoucherRedeemAnswer; replayed: boolean }
  | { outcome: 'unknown' }
  | { outcome: 'other-hotel' };

/**
 * Redeems the voucher for the stay, or refuses with the reason (409 `voucher-not-redeemable` and its
 * state; 422 when the nights differ without a note). The same Idempotency-Key again answers the first
 * redemption, as it was made.
 */
export async function redeemVoucher(
  deps: DeskDeps,
  desk: Desk,
  request: z.output<typeof voucherRedeemRequestSchema>,
  idempotencyKey: string | null,
  locale: Locale,
): Promise<RedeemOutcome> {
  const t = hotelPortalMessages[locale];
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await lockVoucher(tx, request.code))) return { outcome: 'unknown' } as const;
      const voucher = await findDeskVoucher(tx, request.code, locale);
      if (!voucher) return { outcome: 'unknown' } as const;
      const { state, redeemable } = judge(voucher, desk, deps);
      if (state === 'other-hotel') return { outcome: 'other-hotel' } as const;
      if (idempotencyKey) {
        const earlier = await findRedemptionByIdempotencyKey(tx, voucher.hotel_id, idempotencyKey);
        if (earlier) {
          if (earlier.voucher_id !== voucher.id) {
            throw new HttpProblem(422, 'idempotency-key-reused', t.idempotencyKeyReused);
          }
          return {
            outcome: 'redeemed',
            replayed: true,
            answer: { voucher: presentVoucher(voucher, deps), redemption: presentRedemption(earlier) },
          } as const;
        }
      }
      if (!redeemable) throw notRedeemable(voucher, state, locale);
      const nights = daysBetween(request.arrival, request.departure);
      if (nights !== voucher.nights && !request.nightsNote) {
        throw new HttpProblem(422, 'validation-error', t.nightsDiffer(voucher.nights, nights), [
          { field: 'nightsNote', message: t.nightsDiffer(voucher.nights, nights) },
        ]);
      }
      const redemption = await insertRedemption(tx, {
        voucherId: voucher.id,
        hotelId: voucher.hotel_id,
        arrival: request.arrival,
        departure: request.departure,
        bookingReference: request.bookingReference ?? null,
        nightsNote: nights === voucher.nights ? null : (request.nightsNote ?? null),
        netRateCents: voucher.net_rate_cents,
        staffId: desk.staffId,
        apiKeyId: desk.apiKeyId,
        redeemedByName: desk.name,
        idempotencyKey,
      });
      await recordAudit(tx, auditActor(desk), {
        action: 'voucher.redeem',
        orderId: voucher.order_id,
        subject: `voucher:${voucher.code}`,
        after: {
          redemption: redemption.id,
          hotel: voucher.hotel_id,
          arrival: redemption.arrival,
          departure: redemption.departure,
          bookingReference: redemption.booking_reference,
          specimen: isSpecimen(voucher, deps),
        },
        note: redemption.nights_note,
      });
      return {
        outcome: 'redeemed',
        replayed: false,
        answer: { voucher: presentVoucher(voucher, deps), redemption: presentRedemption(redemption) },
      } as const;
    });
  } catch (error) {
    // The row lock makes a second redemption wait and then see the first; the unique index is the
    // backstop (and decides between two requests with one Idempotency-Key).
    if (isUniqueViolation(error)) {
      const voucher = await findDeskVoucher(deps.db, request.code, locale);
      if (voucher && idempotencyKey) {
        const earlier = await findRedemptionByIdempotencyKey(deps.db, voucher.hotel_id, idempotencyKey);
        if (earlier?.voucher_id === voucher.id) {
          return {
            outcome: 'redeemed',
            replayed: true,
            answer: { voucher: presentVoucher(voucher, deps), redemption: presentRedemption(earlier) },
          };
        }
        // The same key, sent at the same moment for another voucher, won there.
        if (earlier) throw new HttpProblem(422, 'idempotency-key-reused', t.idempotencyKeyReused);
      }
      if (voucher) throw notRedeemable(voucher, judge(voucher, desk, deps).state, locale);
    }
    throw error;
  }
}

function notRedeemable(voucher: DeskVoucherRow, state: VoucherState, locale: Locale): HttpProblem {
  const t = hotelPortalMessages[locale];
  const date = (value: Date) =>
    new Intl.DateTimeFormat(localeIso[locale], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Europe/Berlin',
    }).format(value);
  const detail =
    state === 'redeemed' && voucher.redemption
      ? t.redeemedOn(date(voucher.redemption.redeemed_at), voucher.redemption.redeemed_by_name)
      : t.states[state];
  return new HttpProblem(409, 'voucher-not-redeemable', detail, undefined, undefined, { state });
}

const auditActor = (desk: Desk) => ({
  staff: { member: { id: desk.staffId, email: desk.auditName } },
  address: desk.address,
});

/**
 * Undoes a redemption: the hotel within 24 hours, the operator any time, never once the hotel's
 * statement for it is paid. Null: no such redemption for this desk.
 */
export async function undoRedemption(
  deps: DeskDeps,
  desk: Desk,
  redemptionId: number,
  note: string | null,
  locale: Locale,
): Promise<Redemption | null> {
  const t = hotelPortalMessages[locale];
  return deps.db.transaction(async (tx) => {
    const redemption = await lockRedemption(tx, redemptionId, desk.hotelIds);
    if (!redemption) return null;
    if (redemption.undone_at) throw new HttpProblem(409, 'redemption-final', t.alreadyUndone);
    if (redemption.statement_id !== null) throw new HttpProblem(409, 'redemption-final', t.statementPaid);
    if (!desk.isOperator && Date.now() - redemption.redeemed_at.getTime() > hotelUndoWindowMs) {
      throw new HttpProblem(409, 'redemption-final', t.undoTooLate);
    }
    const undone = await markUndone(tx, redemption.id, desk.name, note);
    await recordAudit(tx, auditActor(desk), {
      action: 'voucher.redeem-undo',
      orderId: redemption.order_id,
      subject: `voucher:${redemption.code}`,
      before: { redemption: redemption.id, arrival: redemption.arrival, departure: redemption.departure },
      note,
    });
    return presentRedemption(undone);
  });
}

/** The desk of a hotel-portal request: the hotel system's key, or the signed-in member. */
export function deskOf(request: FastifyRequest): Desk {
  if (request.hotelKey) {
    const key = request.hotelKey;
    return {
      hotelIds: [key.hotelId],
      staffId: null,
      apiKeyId: key.id,
      name: key.label,
      auditName: `api-key:${key.prefix}`,
      isOperator: false,
      address: request.ip,
    };
  }
  const staff = request.staff;
  if (!staff) throw new HttpProblem(401, 'unauthorized', 'sign in to the back office');
  const member = staff.member;
  return {
    hotelIds: member.role === 'hotel' ? member.hotels.map((hotel) => hotel.id) : null,
    staffId: member.id,
    apiKeyId: null,
    name: member.name,
    auditName: member.email,
    isOperator: member.role === 'operator',
    address: request.ip,
  };
}
