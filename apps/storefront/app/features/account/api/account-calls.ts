import { api, type BodyOf } from '#app/lib/api-client.ts';

/**
 * The account's calls (SPEC §7 Account, Orders). Those for a signed-in customer carry the bearer token;
 * without a valid one the client opens the login window and replays the call (SPEC §6). Registration and
 * the password reset are for visitors: they send no token.
 */

export const register = (request: BodyOf<'POST /api/account/register'>) =>
  api('POST /api/account/register', { action: 'account', auth: 'none', body: request });

export const requestPasswordReset = (request: BodyOf<'POST /api/account/password-forgotten'>) =>
  api('POST /api/account/password-forgotten', { action: 'account', auth: 'none', body: request });

export const resetPassword = (request: BodyOf<'PUT /api/account/reset-password'>) =>
  api('PUT /api/account/reset-password', { action: 'account', auth: 'none', body: request });

export const getAccount = () => api('GET /api/account/me', { action: 'account' });

export const updateAccount = (data: BodyOf<'PUT /api/account/me'>) =>
  api('PUT /api/account/me', { action: 'account', body: data });

export const changePassword = (request: BodyOf<'PUT /api/account/change-password'>) =>
  api('PUT /api/account/change-password', { action: 'account', body: request });

export const exportAccount = () => api('GET /api/account/me/export', { action: 'account' });

export const deleteAccount = (password: string) =>
  api('DELETE /api/account/me', { action: 'account', body: { password } });

/** One page of the account's orders (10 a page), newest first. */
export const getAccountOrders = (page: number) =>
  api('GET /api/order/account-overview/{page}', { action: 'account', params: { page } });

/** A guest order joins the account: by the link to its page from the order mails, or by id + key. */
export const claimOrder = (request: BodyOf<'PUT /api/order/claim'>) =>
  api('PUT /api/order/claim', { action: 'account', body: request });

/** The guest orders of the account's address: none until the address is confirmed by the mailed link. */
export const getGuestOrders = () => api('GET /api/account/guest-orders', { action: 'account' });

/** Follows the mailed link (its token, once): the address counts as confirmed; answers its guest orders. */
export const confirmAddress = (token: string) =>
  api('POST /api/account/guest-orders/confirm', { action: 'account', body: { token } });

/** The offered guest orders join the account. */
export const linkGuestOrders = (orderIds: number[]) =>
  api('PUT /api/account/guest-orders/link', { action: 'account', body: { orderIds } });
