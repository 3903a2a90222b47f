/**
 * The back office as a staff member's browser uses it in tests: signed in with the demo staff, the
 * session cookie and the CSRF token on every call.
 */
import { adminCsrfHeader } from '@shop/contracts/admin';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const demoPasswords = {
  'operator@example.org': 'demo-operator-2026',
  'manager.autoclub@example.org': 'demo-manager-2026',
  'support@example.org': 'demo-support-2026',
  'rezeption@example.org': 'demo-hotel-2026',
} as const;

export type StaffClient = {
  cookie: string;
  csrfToken: string;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, payload?: object, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Any method, with a JSON payload or the raw bytes of an upload. */
  send(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object | Buffer,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
};

let clients = 0;

export async function signInStaff(
  app: Pick<FastifyInstance, 'inject'>,
  email: keyof typeof demoPasswords,
  options: { totp?: string; locale?: string } = {},
): Promise<StaffClient> {
  // Each sign-in from its own client address: the per-client limit has its own test.
  const client = `10.9.${Math.floor(++clients / 250)}.${clients % 250}`;
  const answer = await app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    headers: { 'x-forwarded-for': client },
    payload: { email, password: demoPasswords[email], ...(options.totp ? { totp: options.totp } : {}) },
  });
  if (answer.statusCode !== 200) throw new Error(`staff sign-in: ${answer.statusCode} ${answer.body}`);
  return staffClient(app, cookieOf(answer.headers['set-cookie']), answer.json().csrfToken, options.locale);
}

export function cookieOf(setCookie: string | string[] | undefined): string {
  return String([setCookie].flat()[0] ?? '').split(';')[0] ?? '';
}

export function staffClient(
  app: Pick<FastifyInstance, 'inject'>,
  cookie: string,
  csrfToken: string,
  locale = 'de',
): StaffClient {
  return {
    cookie,
    csrfToken,
    get: async (url, headers = {}) =>
      app.inject({ method: 'GET', url, headers: { cookie, 'accept-language': locale, ...headers } }),
    post: async (url, payload, headers = {}) =>
      app.inject({
        method: 'POST',
        url,
        headers: { cookie, [adminCsrfHeader]: csrfToken, 'accept-language': locale, ...headers },
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      }),
    send: async (method, url, payload, headers = {}) =>
      app.inject({
        method,
        url,
        headers: { cookie, [adminCsrfHeader]: csrfToken, 'accept-language': locale, ...headers },
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      }),
  };
}
