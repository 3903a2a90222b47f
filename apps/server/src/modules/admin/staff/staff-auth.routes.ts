import {
  adminLoginRequestSchema,
  staffSessionSchema,
  totpConfirmAnswerSchema,
  totpConfirmRequestSchema,
  totpSetupSchema,
} from '@shop/contracts/admin';
import { problemSchema } from '@shop/contracts/problem';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { createAttemptLimiter, type Limit, type SubjectLimit } from '#src/http/rate-limit.ts';
import { everyMember, staffOf } from '../admin-access.ts';
import { adminMessages } from '../admin-messages.ts';
import { recordAudit } from '../audit/audit-trail.ts';
import { beginTotpSetup, confirmTotpSetup, presentSession, signIn } from './staff-auth.ts';
import type { StaffCookie } from './staff-cookie.ts';
import { endStaffSession } from './staff-sessions.ts';

const minute = 60_000;

/** Guessing staff passwords and codes: per client, and per account with a growing hold-back. */
export const staffLoginLimits = {
  perClient: { max: 20, timeWindow: 15 * minute },
  per: {
    account: {
      max: 5,
      timeWindow: 15 * minute,
      holdBack: { first: minute, growth: 2, longest: 30 * minute },
    },
  },
} satisfies { perClient: Limit; per: Record<'account', SubjectLimit> };

export type StaffAuthDeps = {
  db: Database;
  cookie: StaffCookie;
  operatorsNeedTotp: boolean;
  loginLimits?: typeof staffLoginLimits;
};

const tags = ['admin'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 429: problemSchema };
const signedIn = { roles: everyMember, duringTotpSetup: true } as const;

export function registerStaffAuthRoutes(server: FastifyInstance, deps: StaffAuthDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const logins = createAttemptLimiter(server, {
    name: 'staff-login',
    ...(deps.loginLimits ?? staffLoginLimits),
  });

  app.post(
    '/api/admin/auth/login',
    {
      config: { adminRule: { public: true } },
      schema: {
        tags,
        summary: 'Staff sign-in: password, then the TOTP code (or a recovery code) once one is set up',
        description:
          'Answers the session (and sets its HttpOnly cookie, Path=/api/admin, with a copy on /admin for the ' +
          'server-rendered order page) with the CSRF token every ' +
          'state-changing admin call sends as `x-csrf-token`. 401 `invalid-credentials` for a wrong address or ' +
          'password; 401 `totp-required` when the password was right and the code is missing or wrong.',
        body: adminLoginRequestSchema,
        response: { 200: staffSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const subjects = { account: request.body.email };
      await logins.check(request, subjects);
      const outcome = await signIn(deps.db, request.body);
      if (outcome.outcome === 'invalid-credentials') {
        await logins.countMiss(request, subjects);
        throw new HttpProblem(401, 'invalid-credentials', 'wrong e-mail address or password');
      }
      if (outcome.outcome === 'totp-required') {
        if (!outcome.missing) await logins.countMiss(request, subjects);
        throw new HttpProblem(
          401,
          'totp-required',
          outcome.missing ? undefined : adminMessages[request.locale].wrongCode,
        );
      }
      deps.cookie.set(reply, outcome.session.credential);
      return presentSession(outcome.member, outcome.session.csrfToken, deps.operatorsNeedTotp);
    },
  );

  app.get(
    '/api/admin/auth/session',
    {
      config: { adminRule: signedIn },
      schema: {
        tags,
        summary: 'The signed-in staff member and the session’s CSRF token',
        response: { 200: staffSessionSchema, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return presentSession(staff.member, staff.csrfToken, deps.operatorsNeedTotp);
    },
  );

  app.post(
    '/api/admin/auth/logout',
    {
      config: { adminRule: signedIn },
      schema: { tags, summary: 'End this session', response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await endStaffSession(deps.db, staffOf(request).sessionId, 'logout');
      deps.cookie.clear(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/auth/totp/setup',
    {
      config: { adminRule: signedIn },
      schema: {
        tags,
        summary: 'Start setting up the second factor: a new secret to scan (counts once confirmed)',
        response: { 200: totpSetupSchema, ...errors },
      },
    },
    async (request) => beginTotpSetup(deps.db, staffOf(request).member),
  );

  app.post(
    '/api/admin/auth/totp/confirm',
    {
      config: { adminRule: signedIn },
      schema: {
        tags,
        summary: 'Confirm the second factor with a code from the app; answers the recovery codes, once',
        body: totpConfirmRequestSchema,
        response: { 200: totpConfirmAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      // The second factor and its audit entry commit together.
      const confirmed = await deps.db.transaction(async (tx) => {
        const codes = await confirmTotpSetup(tx, staff.member.id, request.body.code);
        if (codes) {
          await recordAudit(
            tx,
            { staff, address: request.ip },
            { action: 'staff.totp-enabled', subject: `staff:${staff.member.id}` },
          );
        }
        return codes;
      });
      if (!confirmed) {
        throw new HttpProblem(400, 'validation-error', adminMessages[request.locale].wrongCode);
      }
      return confirmed;
    },
  );
}
