import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from '#src/http/cookies.ts';
import { sessionLifetimeSeconds } from './sessions.ts';

/**
 * The refresh credential's cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page
 * sends it), only on /api/auth (the refresh and logout calls; no other request carries it), `Secure` in
 * production, where its name also gets the `__Secure-` prefix so that a plain-http page cannot set it.
 */
export type SessionCookie = {
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, credential: string): void;
  clear(reply: FastifyReply): void;
};

export const sessionCookiePath = '/api/auth';

export function createSessionCookie(options: { isSecure: boolean }): SessionCookie {
  const name = options.isSecure ? '__Secure-shop_session' : 'shop_session';
  const attributes = `Path=${sessionCookiePath}; HttpOnly; SameSite=Strict${options.isSecure ? '; Secure' : ''}`;
  return {
    read: (request) => cookieValue(request.headers.cookie, name),
    set: (reply, credential) =>
      reply.header('set-cookie', `${name}=${credential}; Max-Age=${sessionLifetimeSeconds}; ${attributes}`),
    clear: (reply) => reply.header('set-cookie', `${name}=; Max-Age=0; ${attributes}`),
  };
}
