/**
 * Staff accounts (issue 25): the operator invites members, changes their role, brands and limit, and
 * switches them off; every member sees their own sessions and ends any of them. Each change is in the
 * audit trail, with the account before and after.
 */
import {
  acceptInviteRequestSchema,
  createStaffRequestSchema,
  ownSessionsSchema,
  sessionParams,
  staffListEntrySchema,
  staffListSchema,
  staffParams,
  updateStaffRequestSchema,
} from '@shop/contracts/admin';
import { problemSchema } from '@shop/contracts/problem';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Database, queryRows } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { createAttemptLimiter } from '#src/http/rate-limit.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import { everyMember, staffOf } from '../admin-access.ts';
import { adminMessages } from '../admin-messages.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import { findStaffById, type StaffRow, staffHotelsColumn } from './staff.repository.ts';
import { defaultSupportMarkPaidLimitCents } from './staff-accounts.ts';
import { presentSession } from './staff-auth.ts';
import { acceptInvite, queueInvite } from './staff-invites.ts';
import { endStaffSession } from './staff-sessions.ts';

const tags = ['admin'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const operators = { roles: ['operator'] } as const;
const minute = 60_000;

type ListRow = StaffRow & { last_active_at: Date | null };

const memberListSelect = sql`
  SELECT s.*, (SELECT max(last_used_at) FROM staff_sessions WHERE staff_id = s.id) AS last_active_at,
    coalesce((SELECT json_agg(json_build_object('id', b.id, 'short', b.short, 'name', b.name) ORDER BY b.short)
      FROM staff_brands sb JOIN brands b ON b.id = sb.brand_id WHERE sb.staff_id = s.id), '[]') AS brands,
    ${staffHotelsColumn}
  FROM staff s`;

function presentMember(row: ListRow): z.infer<typeof staffListEntrySchema> {
  return {
    ...presentSession(row, '', false).staff,
    disabled: row.disabled_at !== null,
    invited: row.password_hash === null,
    lastActiveAt: row.last_active_at ? new Date(row.last_active_at).toISOString() : null,
  };
}

/** The account as the trail records it: what the operator changes, nothing secret. */
const auditView = (member: StaffRow) => ({
  role: member.role,
  name: member.name,
  brands: member.brands.map((brand) => brand.short),
  hotels: member.hotels.map((hotel) => hotel.id),
  markPaidLimitCents: member.mark_paid_limit_cents,
  disabled: member.disabled_at !== null,
});

export function registerStaffManagementRoutes(
  server: FastifyInstance,
  deps: { db: Database; jobs: Pick<JobQueue, 'enqueue'> },
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const inviteAttempts = createAttemptLimiter(server, {
    name: 'staff-invite',
    perClient: { max: 20, timeWindow: 60 * minute },
  });
  const actor = (request: FastifyRequest) => ({ staff: staffOf(request), address: request.ip });

  const listMember = async (id: string) => {
    const [row] = await queryRows<ListRow>(deps.db, sql`${memberListSelect} WHERE s.id = ${id}`);
    return row;
  };

  /** Brand shorts to ids: every one must exist; a brand manager needs one, an operator none. */
  async function brandIdsFor(
    request: FastifyRequest,
    role: StaffRow['role'],
    shorts: string[],
  ): Promise<number[]> {
    const t = adminMessages[request.locale];
    if (
      (role === 'brand-manager' && shorts.length === 0) ||
      ((role === 'operator' || role === 'hotel') && shorts.length > 0)
    ) {
      throw new HttpProblem(400, 'validation-error', t.brandsNeeded);
    }
    const rows = await queryRows<{ id: number }>(
      deps.db,
      sql`SELECT id FROM brands WHERE short = ANY(${sql.param(shorts)}::text[])`,
    );
    if (rows.length !== new Set(shorts).size) throw new HttpProblem(400, 'validation-error', t.unknownBrand);
    return rows.map((row) => row.id);
  }

  /** A hotel staff member works for one hotel at least, and only they work for hotels. */
  async function hotelIdsFor(
    request: FastifyRequest,
    role: StaffRow['role'],
    ids: number[],
  ): Promise<number[]> {
    const t = adminMessages[request.locale];
    if ((role === 'hotel') !== ids.length > 0) throw new HttpProblem(400, 'validation-error', t.hotelsNeeded);
    const rows = await queryRows<{ id: number }>(
      deps.db,
      sql`SELECT id FROM hotels WHERE id = ANY(${sql.param(ids)}::int[])`,
    );
    if (rows.length !== new Set(ids).size) throw new HttpProblem(400, 'validation-error', t.unknownHotel);
    return rows.map((row) => row.id);
  }

  app.get(
    '/api/admin/staff',
    {
      config: { adminRule: operators },
      schema: { tags, summary: 'Every staff account', response: { 200: staffListSchema, ...errors } },
    },
    async () => {
      const rows = await queryRows<ListRow>(deps.db, sql`${memberListSelect} ORDER BY s.email`);
      return { staff: rows.map(presentMember) };
    },
  );

  app.post(
    '/api/admin/staff',
    {
      config: { adminRule: operators },
      schema: {
        tags,
        summary: 'Invite a staff member: the account, and a mail with a link to set the password',
        body: createStaffRequestSchema,
        response: { 201: staffListEntrySchema, 409: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const brandIds = await brandIdsFor(request, body.role, body.brands);
      const hotelIds = await hotelIdsFor(request, body.role, body.hotels);
      const limit =
        body.markPaidLimitCents !== undefined
          ? body.markPaidLimitCents
          : body.role === 'support'
            ? defaultSupportMarkPaidLimitCents
            : null;
      const id = await deps.db.transaction(async (tx) => {
        const [row] = await queryRows<{ id: string }>(
          tx,
          sql`INSERT INTO staff (email, name, role, mark_paid_limit_cents)
              VALUES (${body.email}, ${body.name}, ${body.role}, ${limit})
              ON CONFLICT (email) DO NOTHING RETURNING id`,
        );
        if (!row) throw new HttpProblem(409, 'order-conflict', adminMessages[request.locale].staffExists);
        for (const brandId of brandIds) {
          await tx.execute(sql`INSERT INTO staff_brands (staff_id, brand_id) VALUES (${row.id}, ${brandId})`);
        }
        for (const hotelId of hotelIds) {
          await tx.execute(sql`INSERT INTO staff_hotels (staff_id, hotel_id) VALUES (${row.id}, ${hotelId})`);
        }
        const inviter = staffOf(request).member;
        await queueInvite(tx, deps.jobs, {
          staffId: row.id,
          email: body.email,
          inviter: inviter.name,
          locale: request.locale,
        });
        await recordAudit(tx, actor(request), {
          action: 'staff.invite',
          subject: `staff:${row.id}`,
          after: {
            email: body.email,
            role: body.role,
            brands: body.brands,
            hotels: hotelIds,
            markPaidLimitCents: limit,
          },
        });
        return row.id;
      });
      return reply.code(201).send(presentMember((await listMember(id)) as ListRow));
    },
  );

  app.post(
    '/api/admin/staff/:staffId',
    {
      config: { adminRule: operators },
      schema: {
        tags,
        summary: 'Change a member’s name, role, brands or limit, or switch the account off (or on)',
        params: staffParams,
        body: updateStaffRequestSchema,
        response: { 200: staffListEntrySchema, 409: problemSchema, ...errors },
      },
    },
    async (request) => {
      const t = adminMessages[request.locale];
      const before = await findStaffById(deps.db, request.params.staffId);
      if (!before) throw new HttpProblem(404, 'not-found', 'staff member');
      const body = request.body;
      const self = staffOf(request).member;
      if (before.id === self.id && (body.role !== undefined || body.disabled !== undefined)) {
        throw new HttpProblem(409, 'order-conflict', t.notYourself);
      }
      const role = body.role ?? before.role;
      const shorts = body.brands ?? (role === 'operator' ? [] : before.brands.map((brand) => brand.short));
      const brandIds = await brandIdsFor(request, role, shorts);
      const hotelIds = await hotelIdsFor(
        request,
        role,
        body.hotels ?? (role === 'hotel' ? before.hotels.map((hotel) => hotel.id) : []),
      );
      await deps.db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE staff SET name = ${body.name ?? before.name}, role = ${role},
                mark_paid_limit_cents = ${body.markPaidLimitCents !== undefined ? body.markPaidLimitCents : before.mark_paid_limit_cents},
                disabled_at = ${body.disabled === undefined ? before.disabled_at : body.disabled ? (before.disabled_at ?? new Date()) : null}
              WHERE id = ${before.id}`,
        );
        await tx.execute(sql`DELETE FROM staff_brands WHERE staff_id = ${before.id}`);
        for (const brandId of brandIds) {
          await tx.execute(
            sql`INSERT INTO staff_brands (staff_id, brand_id) VALUES (${before.id}, ${brandId})`,
          );
        }
        await tx.execute(sql`DELETE FROM staff_hotels WHERE staff_id = ${before.id}`);
        for (const hotelId of hotelIds) {
          await tx.execute(
            sql`INSERT INTO staff_hotels (staff_id, hotel_id) VALUES (${before.id}, ${hotelId})`,
          );
        }
        if (body.disabled) {
          const sessions = await queryRows<{ id: string }>(
            tx,
            sql`SELECT id FROM staff_sessions WHERE staff_id = ${before.id} AND ended_at IS NULL`,
          );
          for (const session of sessions) await endStaffSession(tx, session.id, 'disabled');
        }
        const after = await findStaffById(tx, before.id);
        await recordAudit(tx, actor(request), {
          action: 'staff.update',
          subject: `staff:${before.id}`,
          before: auditView(before),
          after: after ? auditView(after) : null,
        });
      });
      return presentMember((await listMember(before.id)) as ListRow);
    },
  );

  app.post(
    '/api/admin/staff/:staffId/invite',
    {
      config: { adminRule: operators },
      schema: {
        tags,
        summary: 'Mail the member a new link to set their password (a lost invitation, a forgotten password)',
        params: staffParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const member = await findStaffById(deps.db, request.params.staffId);
      if (!member) throw new HttpProblem(404, 'not-found', 'staff member');
      await deps.db.transaction(async (tx) => {
        await queueInvite(tx, deps.jobs, {
          staffId: member.id,
          email: member.email,
          inviter: staffOf(request).member.name,
          locale: request.locale,
        });
        await recordAudit(tx, actor(request), { action: 'staff.reinvite', subject: `staff:${member.id}` });
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/auth/accept-invite',
    {
      config: { adminRule: { public: true } },
      schema: {
        tags,
        summary: 'Set the password with the token of the invitation link (once, within 3 days)',
        body: acceptInviteRequestSchema,
        response: { 204: z.null(), ...errors, 429: problemSchema },
      },
    },
    async (request, reply) => {
      await inviteAttempts.check(request, {});
      const staffId = await acceptInvite(deps.db, request.body.token, request.body.password, request.ip);
      if (!staffId) {
        await inviteAttempts.countMiss(request, {});
        throw new HttpProblem(400, 'validation-error', adminMessages[request.locale].inviteInvalid);
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/auth/sessions',
    {
      config: { adminRule: { roles: everyMember, duringTotpSetup: true } },
      schema: {
        tags,
        summary: 'The signed-in member’s own open sessions',
        response: { 200: ownSessionsSchema, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const rows = await queryRows<{ id: string; created_at: Date; last_used_at: Date }>(
        deps.db,
        sql`SELECT id, created_at, last_used_at FROM staff_sessions
            WHERE staff_id = ${staff.member.id} AND ended_at IS NULL AND expires_at > now()
            ORDER BY last_used_at DESC`,
      );
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          createdAt: new Date(row.created_at).toISOString(),
          lastUsedAt: new Date(row.last_used_at).toISOString(),
          current: row.id === staff.sessionId,
        })),
      };
    },
  );

  app.post(
    '/api/admin/auth/sessions/:sessionId/end',
    {
      config: { adminRule: { roles: everyMember, duringTotpSetup: true } },
      schema: {
        tags,
        summary: 'End one of the member’s own sessions (a forgotten desk PC, a lost tablet)',
        params: sessionParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const [own] = await queryRows<{ id: string }>(
        deps.db,
        sql`SELECT id FROM staff_sessions WHERE id = ${request.params.sessionId} AND staff_id = ${staff.member.id}`,
      );
      if (!own) throw new HttpProblem(404, 'not-found', 'session');
      await deps.db.transaction(async (tx) => {
        await endStaffSession(tx, own.id, 'ended-by-owner');
        await recordAudit(tx, actor(request), { action: 'staff.session-end', subject: `session:${own.id}` });
      });
      return reply.code(204).send(null);
    },
  );
}
