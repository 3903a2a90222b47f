import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from '#src/http/cookies.ts';
import { staffSessionLongestSeconds } from './staff-sessions.ts';

/**
 * The staff session's cookie: HttpOnly, SameSite=Strict, sent only to `/api/admin` (no shop page or
 * shop API call carries it), `Secure` with the `__Secure-` prefix in production. Apart from the
 * customers' cookie: a customer's session opens nothing here.
 */
export type StaffCookie = {
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, credential: string): void;
  clear(reply: FastifyReply): void;
};

export const staffCookiePath = '/api/admin';

export function createStaffCookie(options: { isSecure: boolean }): StaffCookie {
  const name = options.isSecure ? '__Secure-shop_staff' : 'shop_staff';
  const attributes = `Path=${staffCookiePath}; HttpOnly; SameSite=Strict${options.isSecure ? '; Secure' : ''}`;
  return {
    read: (request) => cookieValue(request.headers.cookie, name),
    set: (reply, credential) =>
      reply.header(
        'set-cookie',
        `${name}=${credential}; Max-Age=${staffSessionLongestSeconds}; ${attributes}`,
      ),
    clear: (reply) => reply.header('set-cookie', `${name}=; Max-Age=0; ${attributes}`),
  };
}
