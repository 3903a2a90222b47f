import type * as accounts from '@shop/contracts/accounts';
import type * as catalogue from '@shop/contracts/catalogue';
import type * as consent from '@shop/contracts/consent';
import type * as insurance from '@shop/contracts/insurance';
import type * as guard from '@shop/contracts/membership-number';
import type * as newsletter from '@shop/contracts/newsletter';
import type * as orders from '@shop/contracts/orders';
import type { Problem } from '@shop/contracts/problem';
import type * as reminders from '@shop/contracts/reminders';
import type * as vouchers from '@shop/contracts/vouchers';
import type * as wishes from '@shop/contracts/wishes';
import type { Input, Output } from './contract-types.ts';
import {
  type ApiAction,
  type ApiFailure,
  type ApiProblem,
  type Reaction,
  reactToFailure,
  signInCode,
} from './orders/error-catalogue.ts';
import { withSiteLock } from './site-lock.ts';
import { showToast } from './toasts.ts';

/**
 * The one client for every API call from the browser (cart, checkout, order pages, account, search
 * suggestions). Request and answer types are the contracts' schemas (`z.input` / `z.output`, as types
 * only: no zod in the bundle). Each call sends the page's language, `x-requested-with: shop` (the
 * server's CSRF check) and the customer's bearer token; it locks the site while a non-silent call runs
 * (SPEC §4) and applies the SPEC §8 error catalogue: toasts and clearing the cart happen here, the
 * caller gets the reaction for the rest. A 401 with code 101 opens the login window and replays the
 * call with the new token once the customer has signed in (SPEC §6).
 */

type Schema = { _zod: { input: unknown; output: unknown } };

/** A JSON body the contracts do not describe: `{}` (logout). */
type EmptyBody = { _zod: { input: Record<string, never>; output: Record<string, never> } };

/** Every call the browser makes: `METHOD /path/{param}` → [request body, answer] (null: none). */
type Endpoints = {
  'POST /api/order': [typeof orders.createOrderRequestSchema, typeof orders.createOrderResponseSchema];
  'GET /api/order/{id}/{key}': [null, typeof orders.orderSchema];
  'POST /api/order/items': [typeof orders.addItemRequestSchema, typeof orders.cartChangeSchema];
  'PUT /api/order/items': [typeof orders.changeItemRequestSchema, typeof orders.cartChangeSchema];
  'DELETE /api/order/items': [typeof orders.removeItemRequestSchema, typeof orders.cartChangeSchema];
  'POST /api/order/reduction': [typeof orders.reductionRequestSchema, typeof orders.orderSchema];
  'DELETE /api/order/reduction': [typeof orders.orderAccessSchema, typeof orders.orderSchema];
  'GET /api/order/reduction/{code}': [null, typeof orders.reductionInfoSchema];
  'POST /api/order/giftcard': [typeof orders.giftCardRequestSchema, typeof orders.orderSchema];
  'DELETE /api/order/giftcard': [typeof orders.giftCardRemovalSchema, typeof orders.orderSchema];
  'PUT /api/order/customer': [typeof orders.customerRequestSchema, typeof orders.orderSchema];
  'GET /api/order/prepare/{id}/{key}': [null, typeof orders.validationResultSchema];
  'PUT /api/order/close': [typeof orders.closeRequestSchema, typeof orders.closeResponseSchema];
  'POST /api/order/paypal-transaction': [
    typeof orders.payPalTransactionRequestSchema,
    typeof orders.orderSchema,
  ];
  'POST /api/order/amazonpay-complete': [typeof orders.amazonPayRequestSchema, typeof orders.orderSchema];
  'GET /api/order/payment/{id}/{key}': [null, typeof orders.paymentInfoSchema];
  'GET /api/order/meta/{id}/{key}': [null, typeof orders.orderMetaSchema];
  'PUT /api/order/optin': [typeof orders.optinRequestSchema, null];
  'PUT /api/order/claim': [typeof accounts.claimRequestSchema, typeof accounts.claimResponseSchema];
  'GET /api/order/account-overview/{page}': [null, typeof accounts.accountOverviewSchema];
  'GET /api/voucher/{id}/{key}/{voucherId}': [null, typeof vouchers.voucherSchema];
  /** Printing locks the guest data (SPEC §4); the order page opens the PDF after it. */
  'POST /api/voucher/print/{id}/{key}/{voucherId}': [null, typeof vouchers.voucherSchema];
  'PUT /api/voucher/{id}/{key}/{voucherId}': [
    typeof vouchers.voucherUpdateSchema,
    typeof vouchers.voucherSchema,
  ];
  'GET /api/offer/suggest/{tag}': [null, typeof catalogue.suggestResponseSchema];
  'POST /api/consent': [typeof consent.consentRequestSchema, null];
  'POST /api/guard/number': [typeof guard.guardNumberRequestSchema, typeof guard.guardNumberResponseSchema];
  'POST /api/auth/login': [typeof accounts.loginRequestSchema, typeof accounts.loginResponseSchema];
  'POST /api/auth/connect/refresh': [
    typeof accounts.refreshRequestSchema,
    typeof accounts.refreshResponseSchema,
  ];
  'POST /api/auth/logout': [EmptyBody, null];
  'POST /api/account/register': [
    typeof accounts.registerRequestSchema,
    typeof accounts.acceptedResponseSchema,
  ];
  'POST /api/account/password-forgotten': [
    typeof accounts.passwordForgottenRequestSchema,
    typeof accounts.acceptedResponseSchema,
  ];
  'PUT /api/account/reset-password': [
    typeof accounts.resetPasswordRequestSchema,
    typeof accounts.acceptedResponseSchema,
  ];
  'PUT /api/account/change-password': [
    typeof accounts.changePasswordRequestSchema,
    typeof accounts.acceptedResponseSchema,
  ];
  'GET /api/account/me': [null, typeof accounts.accountSchema];
  'PUT /api/account/me': [typeof accounts.accountDataSchema, typeof accounts.accountSchema];
  'GET /api/account/me/export': [null, typeof accounts.accountExportSchema];
  'GET /api/account/guest-orders': [null, typeof accounts.guestOrderOfferSchema];
  'POST /api/account/guest-orders/confirm': [
    typeof accounts.confirmAddressRequestSchema,
    typeof accounts.guestOrderOfferSchema,
  ];
  'PUT /api/account/guest-orders/link': [
    typeof accounts.linkGuestOrdersRequestSchema,
    typeof accounts.linkGuestOrdersResponseSchema,
  ];
  'DELETE /api/account/me': [typeof accounts.deleteAccountRequestSchema, null];
  'POST /api/newsletter': [
    typeof newsletter.newsletterSubscribeRequestSchema,
    typeof newsletter.newsletterAcceptedSchema,
  ];
  'POST /api/newsletter/confirm': [
    typeof newsletter.newsletterConfirmRequestSchema,
    typeof newsletter.newsletterConfirmResponseSchema,
  ];
  /** The one-click address of the mails; the unsubscribe page posts to it too. */
  'POST /api/newsletter/unsubscribe?token={token}': [
    null,
    typeof newsletter.newsletterUnsubscribeResponseSchema,
  ];
  'POST /api/wish': [typeof wishes.wishRequestSchema, typeof wishes.wishResponseSchema];
  'POST /api/reminder': [typeof reminders.reminderRequestSchema, typeof reminders.reminderResponseSchema];
  'GET /api/insurance/quote/{id}/{key}/{voucherId}': [null, typeof insurance.insuranceOfferSchema];
  'POST /api/insurance/book': [
    typeof insurance.insuranceBookRequestSchema,
    typeof insurance.insurancePolicySchema,
  ];
};
export type Endpoint = keyof Endpoints;

type RequestSchema<E extends Endpoint> = Endpoints[E][0];
type AnswerSchema<E extends Endpoint> = Endpoints[E][1];
export type BodyOf<E extends Endpoint> = RequestSchema<E> extends Schema ? Input<RequestSchema<E>> : never;
export type AnswerOf<E extends Endpoint> =
  AnswerSchema<E> extends Schema ? Output<AnswerSchema<E>> : undefined;
type ParamName<Path> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamName<Rest> : never;

export type CallOptions<E extends Endpoint> = {
  /** What the call is for: decides the SPEC §8 reaction to a failure (error-catalogue.ts). */
  action: ApiAction;
  /** No site lock (background reads). */
  isSilent?: boolean;
  /** Sent as Idempotency-Key: a repeated click-attempt must not close or pay twice. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /**
   * 'session' (default): the customer's token, refreshed when it runs out soon, and a sign-in on 401/101.
   * 'none': no token (the session's own calls, forms for visitors). `{ token }`: that one as it is.
   */
  auth?: 'session' | 'none' | { token: string | null };
} & ([ParamName<E>] extends [never]
  ? { params?: never }
  : { params: Record<ParamName<E>, string | number> }) &
  (RequestSchema<E> extends Schema ? { body: BodyOf<E> } : { body?: never });

export type ApiResult<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure; reaction: Reaction };

/** What the client needs of the session (session-store.ts connects itself; without it calls go as a guest). */
export type SessionHooks = {
  /**
   * The bearer token for the next call (refreshed first when it runs out soon), or null. `endedBy`: the
   * server refused the refresh (the session is over, token and user are deleted); `token` is the old one.
   */
  accessToken(): Promise<{ token: string | null; endedBy?: Problem }>;
  /**
   * The server refused the call's token, or wants one (401, code 101). `shouldAsk`: open the login window
   * and resolve true once the customer has signed in, false when they close it. Otherwise (a background
   * read) resolve whether the call is worth repeating without the token.
   */
  signInAgain(refusedToken: string | null, shouldAsk: boolean): Promise<boolean>;
};

let session: SessionHooks = { accessToken: async () => ({ token: null }), signInAgain: async () => false };

export function connectSession(hooks: SessionHooks): void {
  session = hooks;
}

let forgetCart: () => void = () => {};

/** The cart store registers what "clear the cart" means (storage and state). */
export function onCartGone(handler: () => void): void {
  forgetCart = handler;
}

/** A call that gets no answer in this time counts as "no connection". */
const timeoutMs = 30_000;

type Sent<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure };

export async function api<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E>,
): Promise<ApiResult<AnswerOf<E>>> {
  const [method = 'GET', template = ''] = endpoint.split(' ');
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String((options.params as Record<string, string | number>)[name])),
  );
  const auth = options.auth ?? 'session';
  // What the customer did waits for them to sign in; background reads go on as a guest.
  const isBackground = options.action === 'load' || options.action === 'lookup';
  let token: string | null = null;
  let isSent = false;
  const attempt = async (): Promise<Sent<AnswerOf<E>>> => {
    const credential = await tokenFor(auth, isBackground);
    if ('failure' in credential) return credential;
    token = credential.token;
    isSent = true;
    const call = () => send<AnswerOf<E>>(method, path, options, token);
    return options.isSilent ? call() : withSiteLock(call);
  };

  let result = await attempt();
  // Answered 401/101 (not a sign-in the customer declined before the call went out).
  if (auth === 'session' && isSent && needsSignIn(result)) {
    const sentToken = token;
    if (await session.signInAgain(sentToken, !isBackground)) {
      if (!isBackground || sentToken !== null) result = await attempt();
    }
  }
  if (result.ok) return result;
  const reaction = reactToFailure(result.failure, options.action);
  if (reaction.clearCart) forgetCart();
  if (reaction.toast) showToast({ tone: 'danger', parts: reaction.toast });
  return { ok: false, failure: result.failure, reaction };
}

/**
 * The token a call carries. When the session could not be renewed (SPEC §4: token and user are gone),
 * the customer signs in again before the call goes out: it must not be made unnoticed as a guest (an
 * order closed so would not join the account). Closing the login window fails the call.
 */
async function tokenFor(
  auth: NonNullable<CallOptions<Endpoint>['auth']>,
  isBackground: boolean,
): Promise<{ token: string | null } | { ok: false; failure: ApiFailure }> {
  if (auth === 'none') return { token: null };
  if (auth !== 'session') return { token: auth.token };
  const { token, endedBy } = await session.accessToken();
  if (!endedBy) return { token };
  if (isBackground) return { token: null };
  if (await session.signInAgain(token, true)) return { token: (await session.accessToken()).token };
  return { ok: false, failure: { kind: 'problem', problem: endedBy } };
}

function needsSignIn(result: Sent<unknown>): boolean {
  return (
    !result.ok &&
    result.failure.kind === 'problem' &&
    result.failure.problem.status === 401 &&
    result.failure.problem.code === signInCode
  );
}

async function send<T>(
  method: string,
  path: string,
  options: { body?: unknown; idempotencyKey?: string; signal?: AbortSignal },
  token: string | null,
): Promise<Sent<T>> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': document.documentElement.lang || 'de',
    'x-requested-with': 'shop',
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (token) headers.authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
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
async function problemOf(response: Response): Promise<ApiProblem> {
  const body = (await response.json().catch(() => null)) as Partial<ApiProblem> | null;
  return {
    type: typeof body?.type === 'string' ? body.type : 'internal-error',
    title: typeof body?.title === 'string' ? body.title : response.statusText,
    status: response.status,
    ...(typeof body?.detail === 'string' ? { detail: body.detail } : {}),
    ...(typeof body?.code === 'number' ? { code: body.code } : {}),
    ...(Array.isArray(body?.errors) ? { errors: body.errors } : {}),
    ...(typeof body?.total === 'number' ? { total: body.total } : {}),
    ...(typeof body?.currency === 'string' ? { currency: body.currency } : {}),
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
