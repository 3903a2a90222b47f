/**
 * The hotel's side (issue 27): `/api/hotel-portal/*` for a hotel's desk (a hotel staff member's session,
 * or an operator's) and hotel systems (`Authorization: Bearer <key>`); the keys themselves and the
 * operator's late undo under `/api/admin`. Rules, CSRF and sessions are the back office's
 * (admin-access.ts), so every route is in its access sweep.
 */
import {
  createdHotelApiKeySchema,
  createHotelApiKeyRequestSchema,
  hotelApiKeyListSchema,
  hotelApiKeyParams,
  hotelIdParams,
  hotelPortalHomeSchema,
  idempotencyKeyHeader,
  idempotencyKeyPattern,
  redemptionParams,
  redemptionSchema,
  undoRedemptionRequestSchema,
  voucherCheckRequestSchema,
  voucherCheckSchema,
  voucherRedeemAnswerSchema,
  voucherRedeemRequestSchema,
} from '@shop/contracts/hotel-portal';
import { problemSchema } from '@shop/contracts/problem';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { createAttemptLimiter } from '#src/http/rate-limit.ts';
import { staffOf } from '#src/modules/admin/admin-access.ts';
import { recordAudit } from '#src/modules/admin/audit/audit-trail.ts';
import { createHotelApiKey, listHotelApiKeys, revokeHotelApiKey } from './hotel-api-keys.ts';
import {
  checkVoucher,
  type DeskDeps,
  deskOf,
  guestNameOf,
  presentRedemption,
  redeemVoucher,
  undoRedemption,
} from './hotel-desk.ts';
import { hotelPortalMessages } from './hotel-portal-messages.ts';
import { hotelsNamed, recentRedemptions } from './redemptions.repository.ts';

const tags = ['hotel-portal'];
const errors = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  429: problemSchema,
};
/** A hotel's desk, an operator helping one, or a hotel system's key. */
const desks = { roles: ['hotel', 'operator'], hotelKeys: true } as const;
const operators = { roles: ['operator'] } as const;
const minute = 60_000;

/**
 * Guessing codes: a miss (no such voucher, or another hotel's) counts against the member (or key) and
 * their hotel; a hit counts nothing, so a busy desk is never slowed. The check symbol refuses typos
 * before any of this.
 */
export const voucherGuessLimits = {
  perClient: { max: 60, timeWindow: 15 * minute },
  per: {
    member: { max: 10, timeWindow: 15 * minute },
    // With a hold-back: once the house's misses are used up, only the members (and systems) that missed
    // wait; a colleague at the next desk is not locked out by them.
    hotel: { max: 30, timeWindow: 15 * minute, holdBack: { first: minute, growth: 2, longest: 15 * minute } },
  },
};

export function registerHotelPortalRoutes(
  server: FastifyInstance,
  deps: DeskDeps & { guessLimits?: typeof voucherGuessLimits },
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const guesses = createAttemptLimiter(server, {
    name: 'voucher-code',
    ...(deps.guessLimits ?? voucherGuessLimits),
  });
  const subjectsOf = (request: FastifyRequest) => {
    const desk = deskOf(request);
    return {
      member: desk.staffId ?? `key:${desk.apiKeyId}`,
      // A hotel group's member counts against the group's first house; an operator against nobody's.
      ...(desk.hotelIds?.[0] !== undefined ? { hotel: desk.hotelIds[0] } : {}),
    };
  };
  const unknownCode = (request: FastifyRequest) =>
    new HttpProblem(404, 'not-found', hotelPortalMessages[request.locale].unknownCode);

  app.get(
    '/api/hotel-portal/home',
    {
      config: { adminRule: desks },
      schema: {
        tags,
        summary: 'The hotels the caller acts for, and their redemptions of the last seven days',
        response: { 200: hotelPortalHomeSchema, ...errors },
      },
    },
    async (request) => {
      const desk = deskOf(request);
      const [hotels, recent] = await Promise.all([
        hotelsNamed(deps.db, desk.hotelIds),
        recentRedemptions(deps.db, desk.hotelIds, 7),
      ]);
      return {
        hotels,
        recent: recent.map((row) => ({
          ...presentRedemption(row),
          code: row.code,
          hotelId: row.hotel_id,
          guestName: guestNameOf(row.guest_data),
        })),
      };
    },
  );

  app.post(
    '/api/hotel-portal/vouchers/check',
    {
      config: { adminRule: desks },
      schema: {
        tags,
        summary:
          'Check a voucher: valid, specimen, redeemed, refunded, cancelled, expired or another hotel’s',
        description:
          'Answers what the desk needs to decide, in the caller’s language (Accept-Language). A code with a ' +
          'wrong check symbol is refused with 400 before anything is looked up; an unknown code is 404. ' +
          'Misses are rate-limited per staff member or key and per hotel (429 with Retry-After).',
        security: [{ hotelKey: [] }, { staffSession: [] }],
        body: voucherCheckRequestSchema,
        response: { 200: voucherCheckSchema, ...errors },
      },
    },
    async (request) => {
      const subjects = subjectsOf(request);
      await guesses.check(request, subjects);
      const answer = await checkVoucher(deps, deskOf(request), request.body.code, request.locale);
      if (!answer || answer.state === 'other-hotel') await guesses.countMiss(request, subjects);
      if (!answer) throw unknownCode(request);
      return answer;
    },
  );

  app.post(
    '/api/hotel-portal/vouchers/redeem',
    {
      config: { adminRule: desks },
      schema: {
        tags,
        summary: 'Redeem a voucher for a stay',
        description:
          'Redeems once: a second redemption, at any desk or process, is refused with 409 ' +
          '`voucher-not-redeemable` and its `state`. The nights must match the voucher’s, or `nightsNote` ' +
          'says why. Send an `Idempotency-Key` header: the same key again answers the first redemption ' +
          '(200) instead of redeeming twice.',
        security: [{ hotelKey: [] }, { staffSession: [] }],
        headers: z.object({
          [idempotencyKeyHeader]: z.string().regex(idempotencyKeyPattern).optional(),
        }),
        body: voucherRedeemRequestSchema,
        response: {
          200: voucherRedeemAnswerSchema,
          201: voucherRedeemAnswerSchema,
          409: problemSchema.extend({ state: z.string() }),
          422: problemSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const subjects = subjectsOf(request);
      await guesses.check(request, subjects);
      const key = request.headers[idempotencyKeyHeader];
      const outcome = await redeemVoucher(
        deps,
        deskOf(request),
        request.body,
        typeof key === 'string' ? key : null,
        request.locale,
      );
      if (outcome.outcome === 'unknown' || outcome.outcome === 'other-hotel') {
        await guesses.countMiss(request, subjects);
        if (outcome.outcome === 'unknown') throw unknownCode(request);
        throw new HttpProblem(
          409,
          'voucher-not-redeemable',
          hotelPortalMessages[request.locale].states['other-hotel'],
          undefined,
          undefined,
          { state: 'other-hotel' },
        );
      }
      return reply.code(outcome.replayed ? 200 : 201).send(outcome.answer);
    },
  );

  app.post(
    '/api/hotel-portal/redemptions/:redemptionId/undo',
    {
      config: { adminRule: desks },
      schema: {
        tags,
        summary: 'Undo a redemption (a mistake at the desk): the hotel within 24 hours, the operator later',
        security: [{ hotelKey: [] }, { staffSession: [] }],
        params: redemptionParams,
        body: undoRedemptionRequestSchema,
        response: { 200: redemptionSchema, 409: problemSchema, ...errors },
      },
    },
    async (request) => {
      const undone = await undoRedemption(
        deps,
        deskOf(request),
        request.params.redemptionId,
        request.body.note ?? null,
        request.locale,
      );
      if (!undone) throw new HttpProblem(404, 'not-found', 'redemption');
      return undone;
    },
  );

  // --- The back office: a hotel's keys -----------------------------------------------------------------

  const hotelExists = async (id: number) => {
    const [row] = await queryRows<{ id: number }>(deps.db, sql`SELECT id FROM hotels WHERE id = ${id}`);
    if (!row) throw new HttpProblem(404, 'not-found', 'hotel');
  };
  const actor = (request: FastifyRequest) => ({ staff: staffOf(request), address: request.ip });

  app.get(
    '/api/admin/hotels/:id/api-keys',
    {
      config: { adminRule: operators },
      schema: {
        tags: ['admin'],
        summary: 'A hotel’s API keys (never the keys themselves)',
        params: hotelIdParams,
        response: { 200: hotelApiKeyListSchema, ...errors },
      },
    },
    async (request) => {
      await hotelExists(request.params.id);
      const keys = await listHotelApiKeys(deps.db, request.params.id);
      return {
        keys: keys.map((key) => ({
          id: key.id,
          label: key.label,
          prefix: key.prefix,
          createdAt: new Date(key.created_at).toISOString(),
          lastUsedAt: key.last_used_at ? new Date(key.last_used_at).toISOString() : null,
          revokedAt: key.revoked_at ? new Date(key.revoked_at).toISOString() : null,
        })),
      };
    },
  );

  app.post(
    '/api/admin/hotels/:id/api-keys',
    {
      config: { adminRule: operators },
      schema: {
        tags: ['admin'],
        summary: 'Make an API key for a hotel system: answered once, kept only as a hash',
        params: hotelIdParams,
        body: createHotelApiKeyRequestSchema,
        response: { 201: createdHotelApiKeySchema, ...errors },
      },
    },
    async (request, reply) => {
      await hotelExists(request.params.id);
      const label = request.body.label ?? 'API';
      const made = await deps.db.transaction(async (tx) => {
        const key = await createHotelApiKey(tx, request.params.id, label, staffOf(request).member.id);
        await recordAudit(tx, actor(request), {
          action: 'hotel.api-key-create',
          subject: `hotel:${request.params.id}`,
          after: { key: key.id, label, prefix: key.prefix },
        });
        return key;
      });
      return reply.code(201).send({ id: made.id, key: made.key, prefix: made.prefix });
    },
  );

  app.delete(
    '/api/admin/hotels/:id/api-keys/:keyId',
    {
      config: { adminRule: operators },
      schema: {
        tags: ['admin'],
        summary: 'Revoke a hotel’s API key: refused from the next request on, on every process',
        params: hotelApiKeyParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const revoked = await deps.db.transaction(async (tx) => {
        const done = await revokeHotelApiKey(tx, request.params.id, request.params.keyId);
        if (done) {
          await recordAudit(tx, actor(request), {
            action: 'hotel.api-key-revoke',
            subject: `hotel:${request.params.id}`,
            before: { key: request.params.keyId },
          });
        }
        return done;
      });
      if (!revoked) throw new HttpProblem(404, 'not-found', 'API key');
      return reply.code(204).send(null);
    },
  );
}
