import { api } from '#app/lib/api-client.ts';

/**
 * The newsletter's calls (issue 12, double opt-in). Visitors' forms: no token. 'account' reactions: a
 * refusal is said at the form, a lost connection by the SPEC §8 toast as well.
 */

export const subscribeNewsletter = (email: string) =>
  api('POST /api/newsletter', { action: 'account', auth: 'none', body: { email } });

/** Confirms with the mail's token: a POST, sent only when the visitor presses the button. */
export const confirmNewsletter = (token: string) =>
  api('POST /api/newsletter/confirm', { action: 'account', auth: 'none', body: { token } });

export const unsubscribeNewsletter = (token: string) =>
  api('POST /api/newsletter/unsubscribe?token={token}', {
    action: 'account',
    auth: 'none',
    params: { token },
  });

/**
 * The checkout's newsletter box (PUT /api/order/optin): the server mails the confirmation link. A
 * background call: whether it works or not, the purchase goes on and nothing is said.
 */
export const optInAtCheckout = (access: { orderId: number; key: string }) =>
  api('PUT /api/order/optin', {
    action: 'lookup',
    isSilent: true,
    body: { ...access, optinEmail: false, optinPhone: false, optinNewsletter: true },
  });
