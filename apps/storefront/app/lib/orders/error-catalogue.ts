import type { CloseConflict } from '@shop/contracts/orders';
import type { Problem } from '@shop/contracts/problem';
import type { ToastPart } from '#app/lib/toasts.ts';

/** A problem+json answer as the client keeps it: with cart-changed's new total (cents) and currency. */
export type ApiProblem = Problem & Partial<Pick<CloseConflict, 'total' | 'currency'>>;

/** What went wrong with an API call: no answer at all, or an answer with a problem+json body. */
export type ApiFailure = { kind: 'network' } | { kind: 'problem'; problem: ApiProblem };

/** The client-side call that failed; some answers mean different things for different calls. */
export type ApiAction =
  /** Reading the stored cart at start: silent, never a toast. */
  | 'load'
  | 'create'
  | 'add'
  | 'change'
  | 'remove'
  | 'reduction'
  | 'giftcard'
  | 'customer'
  | 'prepare'
  | 'close'
  /** The provider's return: PayPal transaction, Amazon Pay completion. */
  | 'authorize'
  /** Reading a closed order for the order page. */
  | 'view'
  | 'optin'
  /** Saving a voucher's guest data, or printing it, on the order page. */
  | 'voucher'
  /** A background look-up (what a code is worth): its failure changes nothing and says nothing. */
  | 'lookup'
  /** An account or sign-in form: what the server refuses is said at the form. */
  | 'account';

/** What the shop does about a failure (SPEC §8), decided in this one place. */
export type Reaction = {
  /** Forget the stored order id and key (the order is gone or closed): the next add starts a new cart. */
  clearCart: boolean;
  /** Only for an item add: create a new cart and add the product again. */
  readdInNewCart: boolean;
  /** A promotion-code call was refused: show the code as invalid (reset when the cart changes). */
  isReductionInvalid: boolean;
  /** Messages for the form or control that made the call, in the user's language. */
  errors: string[];
  /** Field-level messages of a validation error, by field name. */
  fieldErrors: Record<string, string>;
  /** A danger toast, or null. */
  toast: ToastPart[] | null;
};

const nothing: Reaction = {
  clearCart: false,
  readdInNewCart: false,
  isReductionInvalid: false,
  errors: [],
  fieldErrors: {},
  toast: null,
};

/** Code 115 with 428: the order was closed (paid, waiting for payment) and can no longer change. */
export const orderClosedCode = 115;

/**
 * Business answers the calling control shows itself (next to the button or field), instead of a toast:
 * they are expected outcomes, not failures of the shop.
 */
const answeredInPlace = new Set([
  'sold-out',
  'invalid-giftcard',
  'payment-failed',
  'payment-declined',
  'payment-timeout',
  'payment-stale',
  'cart-changed',
  'order-conflict',
  'voucher-locked',
  'voucher-guest-missing',
  'invalid-credentials',
  'invalid-reset-token',
  'order-claimed',
  'invalid-confirmation-link',
]);

/** Calls whose form shows a refusal for too many attempts itself (the code and gift-card fields). */
const limitAnsweredInPlace = new Set<ApiAction>(['reduction', 'giftcard', 'view', 'account']);

/** SPEC §6/§8: 401 with code 101: no valid access token (the client has asked the customer to sign in). */
export const signInCode = 101;

export function reactToFailure(failure: ApiFailure, action: ApiAction): Reaction {
  if (action === 'lookup') return nothing;
  if (failure.kind === 'network') {
    return action === 'load' ? nothing : { ...nothing, toast: [{ key: 'cart.error.connection' }] };
  }
  const { problem } = failure;
  const isGone = problem.status === 410 || problem.type === 'invalid-order';
  const isClosed =
    problem.status === 428 && (problem.code === orderClosedCode || problem.type === 'order-closed');
  // Reading an order for its page is not about the cart: a closed or gone order is just shown as such.
  if ((isGone || isClosed) && action !== 'view') {
    // An add re-adds the product in a new cart (SPEC §8 says so for 410; a closed order cannot take
    // items either, so the customer's click should not be lost there).
    if (action === 'add') return { ...nothing, clearCart: true, readdInNewCart: true };
    if (action === 'load') return { ...nothing, clearCart: true };
    return { ...nothing, clearCart: true, errors: [problem.title], toast: [{ text: problem.title }] };
  }
  if (action === 'load') {
    // A stored id the server does not know (another database, a typo): start over without a word.
    return problem.status === 404 ? { ...nothing, clearCart: true } : nothing;
  }
  if (problem.status === 429 || problem.type === 'too-many-requests') {
    // Too many codes, cards or wrong order keys: not a verdict on what was entered. The server's detail
    // says when to try again, in the user's language.
    const message = problem.detail ?? problem.title;
    return {
      ...nothing,
      errors: [message],
      toast: limitAnsweredInPlace.has(action) ? null : [{ text: message }],
    };
  }
  if (problem.status === 401 && problem.code === signInCode) {
    // The customer closed the login window instead of signing in: the call fails, said where it was made.
    return { ...nothing, errors: [problem.title] };
  }
  if (problem.status === 417 || problem.type === 'invalid-reduction') {
    // The detail says why (unknown, expired, used, not for these vouchers, minimum order value) in the
    // shopper's language; the title alone read "no longer valid" for a code that never was.
    return { ...nothing, isReductionInvalid: true, errors: [problem.detail ?? problem.title] };
  }
  if (problem.type === 'transfer-limit') {
    // The order cannot wait for a bank transfer: the detail says what to do (fewer units, PayPal or
    // Amazon Pay, pay the open transfers first), in the shopper's language. The cart stays as it was.
    return { ...nothing, errors: [problem.detail ?? problem.title] };
  }
  if (problem.status === 400 && problem.type === 'validation-error') {
    return { ...nothing, errors: splitDetail(problem), fieldErrors: fieldErrorsOf(problem) };
  }
  if (answeredInPlace.has(problem.type)) return { ...nothing, errors: [problem.title] };
  if ((action === 'view' || action === 'account') && problem.status < 500) {
    return { ...nothing, errors: [problem.title] };
  }
  return { ...nothing, errors: [problem.title], toast: [{ key: 'cart.error.unexpected' }] };
}

/** SPEC §5/§8: the detail of a validation error holds one error per ';'-separated part. */
export function splitDetail(problem: Problem): string[] {
  const parts = (problem.detail ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts : [problem.title];
}

function fieldErrorsOf(problem: Problem): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const entry of problem.errors ?? []) fields[entry.field] ??= entry.message;
  return fields;
}
