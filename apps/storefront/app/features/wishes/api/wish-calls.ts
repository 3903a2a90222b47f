import { api, type BodyOf } from '#app/lib/api-client.ts';

/** POST /api/wish (SPEC §1 wish form): a visitor's form, no token; refusals are said at the form. */
export const sendWish = (wish: BodyOf<'POST /api/wish'>) =>
  api('POST /api/wish', { action: 'account', auth: 'none', body: wish });
