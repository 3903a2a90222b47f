/**
 * Who may call which back-office route (issue 25). Every route under `/api/admin` declares its rule in
 * its config (`adminRule`); registering one without a rule fails at start, so no route can be left open
 * by forgetting it. The rule is checked before the request's body is read or validated, in this order:
 * a staff session (else 401), the CSRF token on every state change (else 403), a second factor where one
 * is required (else 403 `totp-setup-required`), the role (else 403). Brands are checked where the record
 * is read: another brand's order is a 404, never a hint that it exists.
 */
import { adminCsrfHeader, type StaffRole, staffRoles } from '@shop/contracts/admin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { assertSameSite } from '#src/http/same-site.ts';
import { sameHash } from '#src/modules/accounts/sessions.ts';
import { findActiveHotelKey, type HotelApiKey } from '#src/modules/hotel-portal/hotel-api-keys.ts';
import { findStaffById, type StaffRow } from './staff/staff.repository.ts';
import type { StaffCookie } from './staff/staff-cookie.ts';
import { checkStaffSession } from './staff/staff-sessions.ts';

export type AdminRule =
  /** Open to anyone (the sign-in); still refused cross-site. */
  | { public: true }
  | {
      roles: readonly StaffRole[];
      /** Reachable while the member still has to set up a second factor (the session, the set-up, sign-out). */
      duringTotpSetup?: boolean;
      /**
       * A hotel system's API key (`Authorization: Bearer <key>`, issue 27) admits too, for its hotel. No
       * CSRF token then: a key is sent deliberately, never by a browser on its own.
       */
      hotelKeys?: true;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    adminRule?: AdminRule;
  }
  interface FastifyRequest {
    /** The signed-in staff member on a back-office route; null elsewhere. */
    staff: SignedInStaff | null;
    /** The hotel system's key a hotel-portal call came with; null otherwise. */
    hotelKey: HotelApiKey | null;
  }
  interface FastifyInstance {
    /** Every back-office route with its rule, as registered (the access tests walk it). */
    adminRoutes: AdminRoute[];
  }
}

export type AdminRoute = { method: string; url: string; rule: AdminRule };

export const adminPrefix = '/api/admin';
/** The hotel's side (issue 27): the same staff sessions and rules, and the hotels' API keys. */
export const hotelPortalPrefix = '/api/hotel-portal';
const guardedPrefixes = [adminPrefix, hotelPortalPrefix];
/** Every role of the back office proper; hotel staff see only the hotel-portal routes. */
export const allRoles = ['operator', 'brand-manager', 'support'] as const satisfies readonly StaffRole[];
/** Every signed-in member, hotel staff too: their own session, second factor and sign-out. */
export const everyMember = staffRoles;

export type SignedInStaff = {
  member: StaffRow;
  sessionId: string;
  csrfToken: string;
  /** The brand ids the member may see; null: every brand. */
  brandIds: number[] | null;
  mustSetUpTotp: boolean;
};

export type AdminAccessOptions = {
  db: Database;
  cookie: StaffCookie;
  /** An operator without a second factor can do nothing but set one up (NODE_ENV=production). */
  operatorsNeedTotp: boolean;
};

/** The brands a member sees: an operator all; a brand manager theirs; support theirs, or all when none are named. */
export function brandScope(member: StaffRow): number[] | null {
  if (member.role === 'operator') return null;
  if (member.role === 'support' && member.brands.length === 0) return null;
  return member.brands.map((brand) => brand.id);
}

export function mustSetUpTotp(member: StaffRow, operatorsNeedTotp: boolean): boolean {
  return operatorsNeedTotp && member.role === 'operator' && member.totp_secret === null;
}

const unauthorized = () => new HttpProblem(401, 'unauthorized', 'sign in to the back office');

export function registerAdminAccess(app: FastifyInstance, options: AdminAccessOptions): void {
  app.decorateRequest('staff', null);
  app.decorateRequest('hotelKey', null);
  const routes: AdminRoute[] = [];
  app.decorate('adminRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!guardedPrefixes.some((prefix) => route.url.startsWith(prefix))) return;
    const rule = route.config?.adminRule;
    if (!rule) throw new Error(`${route.method} ${route.url}: a back-office route needs an adminRule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, rule });
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    const rule = request.routeOptions.config?.adminRule;
    if (!rule) return;
    if ('public' in rule) {
      assertSameSite(request);
      return;
    }
    await admit(request, reply, rule, options);
  });
}

const readOnlyMethods = new Set(['GET', 'HEAD']);

async function admit(
  request: FastifyRequest,
  reply: FastifyReply,
  rule: Exclude<AdminRule, { public: true }>,
  options: AdminAccessOptions,
): Promise<void> {
  const bearer = bearerToken(request);
  if (bearer !== null) {
    // A key where none is taken is refused rather than ignored: its caller meant it to count.
    const key = rule.hotelKeys ? await findActiveHotelKey(options.db, bearer) : undefined;
    if (!key) throw new HttpProblem(401, 'unauthorized', 'unknown or revoked API key');
    request.hotelKey = key;
    return;
  }
  const session = await checkStaffSession(options.db, options.cookie.read(request));
  if (session.outcome !== 'valid') throw unauthorized();
  const member = await findStaffById(options.db, session.staffId);
  if (!member || member.disabled_at) throw unauthorized();
  if (session.renewed) options.cookie.set(reply, session.renewed);
  if (!readOnlyMethods.has(request.method)) {
    assertSameSite(request);
    const token = request.headers[adminCsrfHeader];
    if (typeof token !== 'string' || !sameHash(token, session.csrfToken)) {
      throw new HttpProblem(403, 'forbidden', `this call needs the session's ${adminCsrfHeader} header`);
    }
  }
  const needsTotp = mustSetUpTotp(member, options.operatorsNeedTotp);
  if (needsTotp && !rule.duringTotpSetup) throw new HttpProblem(403, 'totp-setup-required');
  if (!rule.roles.includes(member.role)) throw new HttpProblem(403, 'forbidden', 'not for your role');
  request.staff = {
    member,
    sessionId: session.sessionId,
    csrfToken: session.csrfToken,
    brandIds: brandScope(member),
    mustSetUpTotp: needsTotp,
  };
}

/**
 * A hotel system's key (`Bearer hk_…`); null for no header or any other credential (a proxy's Basic
 * authentication in front of the back office, a customer's token: those decide nothing here).
 */
function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(hk_\S*)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The signed-in member on a route whose rule admitted one. */
export function staffOf(request: FastifyRequest): SignedInStaff {
  if (!request.staff) throw unauthorized();
  return request.staff;
}
