import { z } from 'zod';
import { messageKeys } from './message-keys.ts';
import { priceSchema } from './money.ts';
import {
  addressCountries,
  emailField,
  genderSchema,
  orderStatuses,
  phoneField,
  postcodePattern,
  requiredOr,
  textField,
} from './orders.ts';
import { pageOf } from './params.ts';
import { text } from './text.ts';
import { voucherUseSchema } from './vouchers.ts';

/**
 * Customer accounts and sessions (SPEC §3 "Access token", "Login result", §4 "Session", §7 Account/Auth).
 * The access token is a short-lived JWT whose `id` and `sub` are the customer's id and user name; the
 * refresh credential never appears in a body: it is an HttpOnly cookie bound to a server-side session.
 */

/** OWASP's minimum for a password without further rules; the maximum bounds the hashing work per request. */
export const passwordMinLength = 8;
export const passwordMaxLength = 128;

/** A password being chosen (register, change, reset). Not trimmed: spaces are characters of a password. */
export const newPasswordField = () =>
  text({ error: requiredOr(messageKeys.invalid) })
    .min(1, { error: messageKeys.required, abort: true })
    .min(passwordMinLength, { error: messageKeys.minLength })
    .max(passwordMaxLength, { error: messageKeys.maxLength });

/** A password being checked (login, old password, deletion): any length the server would have accepted. */
const givenPassword = () =>
  text({ error: requiredOr(messageKeys.invalid) })
    .min(1, { error: messageKeys.required })
    .max(passwordMaxLength, { error: messageKeys.maxLength });

/** An optional text field of the account: trimmed, empty allowed. */
const optionalText = (max: number) =>
  text({ error: messageKeys.invalid }).trim().max(max, { error: messageKeys.maxLength }).default('');

const orderId = z.number().int().min(1).max(2_147_483_647);
const orderKey = text().min(1).max(100);

// --- Auth -------------------------------------------------------------------------------------------

/** SPEC §3: the token and its lifetime in seconds; the client computes the expiry. */
export const accessTokenSchema = z.object({ token: text(), expiresIn: z.number().int().positive() });
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** SPEC §6: credentials plus the guest cart (order id and key) to adopt, when there is one. */
export const loginRequestSchema = z.object({
  userName: text({ error: requiredOr(messageKeys.email) })
    .trim()
    .min(1, { error: messageKeys.required })
    .max(200, { error: messageKeys.maxLength }),
  password: givenPassword(),
  orderId: orderId.nullish(),
  token: orderKey.nullish(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** SPEC §3 "Login result": the cart to continue with (the adopted guest cart, else the account's open cart). */
export const loginResponseSchema = z.object({
  accessToken: accessTokenSchema,
  orderId: z.number().int().nullable(),
  token: text().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The refresh credential is the cookie; the (possibly expired) access token names the session it belongs to. */
export const refreshRequestSchema = z.object({ accessToken: text().max(4096).optional() });
export const refreshResponseSchema = z.object({ accessToken: accessTokenSchema });

// --- Account ----------------------------------------------------------------------------------------

/** Registration. `userName` is the e-mail address (SPEC §3 "Customer user"). */
export const registerRequestSchema = z.object({
  userName: emailField(),
  password: newPasswordField(),
  salutation: genderSchema,
  firstName: textField(100),
  lastName: textField(100),
  newsletter: z.boolean({ error: messageKeys.invalid }).default(false),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * The same answer whether the address was free or not (no enumeration): a new account can sign in
 * at once; the owner of a known address gets a mail saying so.
 */
export const acceptedResponseSchema = z.object({ success: z.literal(true) });

export const passwordForgottenRequestSchema = z.object({ email: emailField() });

/** The link from the reset mail carries `token`; it works once, for one hour. */
export const resetPasswordRequestSchema = z.object({
  email: emailField(),
  token: text().min(1).max(200),
  newPassword: newPasswordField(),
});

export const changePasswordRequestSchema = z.object({
  oldPassword: givenPassword(),
  newPassword: newPasswordField(),
});

export const deleteAccountRequestSchema = z.object({ password: givenPassword() });

/** What the customer may edit (SPEC "my data"); the user name (e-mail address) is not changed here. */
export const accountDataSchema = z.object({
  salutation: genderSchema,
  firstName: textField(100),
  lastName: textField(100),
  street: optionalText(200),
  houseNumber: optionalText(20),
  postcode: optionalText(10).refine((value) => value === '' || postcodePattern.test(value), {
    error: messageKeys.postcode,
  }),
  city: optionalText(100),
  country: z.enum(addressCountries, { error: messageKeys.oneOf }).nullable().default(null),
  phone: phoneField(),
  newsletter: z.boolean({ error: messageKeys.invalid }).default(false),
});
export type AccountData = z.infer<typeof accountDataSchema>;

export const accountSchema = accountDataSchema.extend({
  /** The JWT's `id`. */
  id: text(),
  /** The JWT's `sub`: the e-mail address the customer signs in with. */
  userName: text(),
  createdAt: text(),
});
export type Account = z.infer<typeof accountSchema>;

/** One order in the account's list; `token` is the order key, so the owner opens /view/{id}/{token}. */
export const accountOrderSchema = z.object({
  id: z.number().int(),
  token: text(),
  status: z.enum(orderStatuses),
  createdAt: text(),
  closedAt: text().nullable(),
  paidAt: text().nullable(),
  total: priceSchema,
  itemCount: z.number().int(),
  titles: z.array(text()),
  voucherCount: z.number().int(),
  /** Each voucher's state (used at a hotel, refunded, expired). */
  vouchers: z.array(z.object({ code: text() }).extend(voucherUseSchema.shape)),
  invoiceNumber: text().nullable(),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;

export const accountOrderPageSize = 10;
export const accountOverviewSchema = pageOf(accountOrderSchema);
export type AccountOverview = z.infer<typeof accountOverviewSchema>;

/** An order page's address as the order mails link it: `https://<brand host>/view/<id>/<key>`. */
export type OrderLink = { orderId: number; token: string; host: string };

const orderPagePath = /^\/view\/(\d{1,10})\/([A-Za-z0-9_-]{1,100})\/?$/;

/**
 * Reads the order number and key from a pasted order link, as a buyer copies it from a mail or the
 * address bar: with or without `https://`, in angle brackets, with a query or a `#voucher-…` anchor.
 * Null when the text is no order page's address. Which hosts count is the server's business (any
 * brand host of the installation).
 */
export function parseOrderLink(pasted: string): OrderLink | null {
  const trimmed = pasted
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  // `host:port/…` is no scheme: only `scheme://` is.
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  if (!URL.canParse(absolute)) return null;
  const url = new URL(absolute);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const match = orderPagePath.exec(url.pathname);
  const id = Number(match?.[1]);
  if (!match?.[2] || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  return { orderId: id, token: match[2], host: url.host.toLowerCase() };
}

/**
 * PUT /api/order/claim: an order bought as a guest joins the signed-in account, named either by the
 * link to its page from the order mails (`orderLink`) or by its number and key (`orderId` + `token`).
 */
export const claimRequestSchema = z
  .object({
    orderId: orderId.optional(),
    token: orderKey.optional(),
    orderLink: text({ error: messageKeys.invalid })
      .trim()
      .max(2000, { error: messageKeys.maxLength })
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.orderLink !== undefined) {
      if (!parseOrderLink(body.orderLink))
        context.addIssue({ code: 'custom', path: ['orderLink'], message: messageKeys.orderLink });
      return;
    }
    for (const field of ['orderId', 'token'] as const) {
      if (body[field] === undefined)
        context.addIssue({ code: 'custom', path: [field], message: messageKeys.required });
    }
  });
export type ClaimRequest = z.infer<typeof claimRequestSchema>;
export const claimResponseSchema = z.object({ order: accountOrderSchema });

/** An order bought as a guest with the account's address, offered to join the account once it is confirmed. */
export const guestOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(orderStatuses),
  createdAt: text(),
  total: priceSchema,
  titles: z.array(text()),
});
export type GuestOrder = z.infer<typeof guestOrderSchema>;

/**
 * GET /api/account/guest-orders (and the answer of confirming the address): the guest orders of the
 * account's address, only once the address is confirmed by the link mailed to it. Before that the
 * answer is `{ addressConfirmed: false, orders: [] }` whether there are any or not (no enumeration).
 */
export const guestOrderOfferSchema = z.object({
  addressConfirmed: z.boolean(),
  orders: z.array(guestOrderSchema),
});
export type GuestOrderOffer = z.infer<typeof guestOrderOfferSchema>;

/** POST /api/account/guest-orders/confirm: the token from the mailed link (once, bound to customer + address). */
export const confirmAddressRequestSchema = z.object({ token: text().min(1).max(200) });

/** PUT /api/account/guest-orders/link: which of the offered guest orders join the account. */
export const linkGuestOrdersRequestSchema = z.object({ orderIds: z.array(orderId).min(1).max(100) });
export const linkGuestOrdersResponseSchema = z.object({ linked: z.array(z.number().int()) });

/** GET /api/account/me/export: everything stored about the customer (GDPR Art. 15 and 20). */
export const accountExportSchema = z.object({
  exportedAt: text(),
  account: accountSchema,
  sessions: z.array(
    z.object({
      createdAt: text(),
      lastUsedAt: text().nullable(),
      expiresAt: text(),
      endedAt: text().nullable(),
    }),
  ),
  passwordResets: z.array(z.object({ requestedAt: text(), usedAt: text().nullable() })),
  orders: z.array(
    accountOrderSchema.extend({
      customer: z.record(text(), z.unknown()).nullable(),
      items: z.array(z.object({ title: text(), quantity: z.number().int(), unitPrice: priceSchema })),
      vouchers: z.array(z.object({ code: text(), guest: z.record(text(), z.unknown()).nullable() })),
    }),
  ),
  mails: z.array(z.object({ kind: text(), createdAt: text(), sentAt: text().nullable() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
