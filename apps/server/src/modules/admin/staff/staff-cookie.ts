import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from '#src/http/cookies.ts';
import { staffSessionLongestSeconds } from './staff-sessions.ts';

/**
 * The staff session's cookie: HttpOnly, SameSite=Strict, sent only to `/api/admin`, the hotel's desk
 * calls under `/api/hotel-portal` and the back office's pages under `/admin` (no shop page or shop API
 * call carries it), `Secure` with the `__Secure-`
 * prefix in production. Apart from the customers' cookie: a customer's session opens nothing here.
 * Cookies of one name and value, one per path (no single path covers both but `/`): the pages' copy
 * lets the server render an order page with its data (modules/admin-app); both are always set and
 * cleared together, so a renewed secret reaches both.
 */
export type StaffCookie = {
  name: string;
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, credential: string): void;
  clear(reply: FastifyReply): void;
};

export const staffCookiePaths = ['/api/admin', '/api/hotel-portal', '/admin'] as const;

export function createStaffCookie(options: { isSecure: boolean }): StaffCookie {
  const name = options.isSecure ? '__Secure-shop_staff' : 'shop_staff';
  const attributes = `HttpOnly; SameSite=Strict${options.isSecure ? '; Secure' : ''}`;
  const setAll = (reply: FastifyReply, value: string, maxAge: number) => {
    for (const path of staffCookiePaths) {
      reply.header('set-cookie', `${name}=${value}; Max-Age=${maxAge}; Path=${path}; ${attributes}`);
    }
  };
  return {
    name,
    read: (request) => cookieValue(request.headers.cookie, name),
    set: (reply, credential) => setAll(reply, credential, staffSessionLongestSeconds),
    clear: (reply) => setAll(reply, '', 0),
  };
}
