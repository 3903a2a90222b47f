import type { Problem } from '@shop/contracts/problem';
import { withSiteLock } from '#app/lib/site-lock.ts';
import { showToast } from '#app/lib/toasts.ts';
import { type ApiFailure, type OrderAction, type Reaction, reactToFailure } from './error-catalogue.ts';

/**
 * The one client for order calls from the browser (cart, checkout, order pages). It sends the page's
 * language, locks the site while a non-silent call runs (SPEC §4) and applies the SPEC §8 error
 * catalogue: toasts and clearing the cart happen here; the caller gets the reaction for the rest
 * (re-adding, a field message, an invalid code).
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure; reaction: Reaction };

export type RequestOptions = {
  /** No site lock (background reads). */
  isSilent?: boolean;
  /** Sent as Idempotency-Key: a repeated click-attempt must not close or pay twice. */
  idempotencyKey?: string;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call that gets no answer in this time counts as "no connection". */
const timeoutMs = 30_000;

let forgetCart: () => void = () => {};

/** The cart store registers what "clear the cart" means (storage and state). */
export function onCartGone(handler: () => void): void {
  forgetCart = handler;
}

export async function orderRequest<T>(
  action: OrderAction,
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const call = () => send<T>(method, path, body, options.idempotencyKey);
  const result = options.isSilent ? await call() : await withSiteLock(call);
  if (result.ok) return result;
  const reaction = reactToFailure(result.failure, action);
  if (reaction.clearCart) forgetCart();
  if (reaction.toast) showToast({ tone: 'danger', parts: reaction.toast });
  return { ok: false, failure: result.failure, reaction };
}

async function send<T>(
  method: Method,
  path: string,
  body: unknown,
  idempotencyKey: string | undefined,
): Promise<{ ok: true; data: T } | { ok: false; failure: ApiFailure }> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': document.documentElement.lang || 'de',
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { ok: false, failure: { kind: 'network' } };
  }
  if (response.ok) {
    const data = response.status === 204 ? undefined : await response.json().catch(() => undefined);
    return { ok: true, data: data as T };
  }
  return { ok: false, failure: { kind: 'problem', problem: await problemOf(response) } };
}

/** The problem+json body; a proxy's HTML error page becomes a plain problem with the status. */
async function problemOf(response: Response): Promise<Problem> {
  const body = (await response.json().catch(() => null)) as Partial<Problem> | null;
  return {
    type: typeof body?.type === 'string' ? body.type : 'internal-error',
    title: typeof body?.title === 'string' ? body.title : response.statusText,
    status: response.status,
    ...(typeof body?.detail === 'string' ? { detail: body.detail } : {}),
    ...(typeof body?.code === 'number' ? { code: body.code } : {}),
    ...(Array.isArray(body?.errors) ? { errors: body.errors } : {}),
  };
}

/** A fresh Idempotency-Key for one click-attempt. */
export function newRequestId(): string {
  // randomUUID exists only in secure contexts (https, localhost); plain-http test hosts get the same shape.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
