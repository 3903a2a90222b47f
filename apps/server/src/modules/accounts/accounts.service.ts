import { createHash, randomBytes } from 'node:crypto';
import type {
  Account,
  AccountData,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
} from '@shop/contracts/accounts';
import type { Locale } from '@shop/contracts/locale';
import { formatMessage } from '@shop/contracts/messages';
import { addressCountries } from '@shop/contracts/orders';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import { queueAccountMail } from '#src/modules/mail/mail-outbox.ts';
import type { Shopper } from '#src/modules/orders/order-access.ts';
import { isSameKey } from '#src/modules/orders/order-key.ts';
import { assignOrder, findOrder } from '#src/modules/orders/orders.repository.ts';
import type { AccessTokens } from './access-tokens.ts';
import * as repository from './accounts.repository.ts';
import type { SignedIn } from './authentication.ts';
import { queueGuestOrdersCheck } from './guest-orders.ts';
import { checkPassword, hashPassword, needsRehash } from './passwords.ts';
import { type IssuedSession, startSession } from './sessions.ts';

export type AccountDeps = { db: Database; tokens: AccessTokens; jobs: Pick<JobQueue, 'enqueue'> };

/** A password reset link works for this long (issue 11), once. */
export const resetLinkMinutes = 60;

/**
 * Registration answers the same whether the address was free or not (no enumeration). A new account
 * gets a welcome mail and can sign in at once; the owner of a known address gets a mail saying that
 * somebody tried, with a link to set a new password. The password is hashed either way, so both take
 * the same time. A new account's address is checked for guest orders in the background (guest-orders.ts).
 */
export async function register(deps: AccountDeps, shopper: Shopper, input: RegisterRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const created = await repository.insertCustomer(tx, {
      brandId: shopper.brand.id,
      email: input.userName,
      passwordHash,
      gender: input.salutation,
      firstName: input.firstName,
      lastName: input.lastName,
      locale: shopper.locale,
      hasNewsletter: input.newsletter,
    });
    if (created) {
      await queueAccountMail(tx, deps.jobs, {
        customerId: created.id,
        kind: 'account-welcome',
        dedupeKey: `account-welcome:${created.id}`,
      });
      // Guest orders of the address are offered only once the mailbox's reader confirms it.
      await queueGuestOrdersCheck(tx, deps.jobs, created.id);
      return;
    }
    const existing = await repository.findCustomerByEmail(tx, shopper.brand.id, input.userName);
    if (!existing) return;
    // At most one such mail an hour: repeated attempts must not flood the owner's mailbox.
    const hour = Math.floor(Date.now() / 3_600_000);
    const token = await newResetToken(tx, existing.id);
    await queueAccountMail(tx, deps.jobs, {
      customerId: existing.id,
      kind: 'account-exists',
      dedupeKey: `account-exists:${existing.id}:${hour}`,
      payload: { token },
    });
  });
}

export type SignedInSession = IssuedSession & { cart: { id: number; key: string } | null };

/**
 * Signs in; null for a wrong user name or password (the caller answers both alike, and an unknown name
 * costs the same hashing time as a wrong password). The guest cart named in the request joins the account
 * and is the cart to continue with; without one, the account's own open cart is.
 */
export async function login(
  deps: AccountDeps,
  shopper: Shopper,
  input: LoginRequest,
): Promise<SignedInSession | null> {
  const customer = await repository.findCustomerByEmail(deps.db, shopper.brand.id, input.userName);
  const isValid = await checkPassword(customer?.password_hash ?? null, input.password);
  if (!customer || !isValid) return null;
  if (needsRehash(customer.password_hash)) {
    await repository.setPasswordHash(deps.db, customer.id, await hashPassword(input.password));
  }
  const session = await startSession(deps.db, deps.tokens, customer);
  const cart = await adoptCart(deps.db, shopper, customer.id, input);
  await queueGuestOrdersCheck(deps.db, deps.jobs, customer.id);
  return { ...session, cart };
}

export function loginResponse(session: SignedInSession): LoginResponse {
  return {
    accessToken: session.accessToken,
    orderId: session.cart?.id ?? null,
    token: session.cart?.key ?? null,
  };
}

async function adoptCart(
  db: Database,
  shopper: Shopper,
  customerId: string,
  input: Pick<LoginRequest, 'orderId' | 'token'>,
): Promise<{ id: number; key: string } | null> {
  if (input.orderId && input.token) {
    const order = await findOrder(db, input.orderId);
    const isGuestCart =
      order !== undefined &&
      isSameKey(order.order_key, input.token) &&
      order.brand_id === shopper.brand.id &&
      order.status === 'cart';
    if (isGuestCart && (await assignOrder(db, order.id, customerId))) {
      return { id: order.id, key: order.order_key };
    }
  }
  const open = await repository.findOpenCart(db, customerId);
  return open ? { id: open.id, key: open.order_key } : null;
}

/** Sends a reset link when the address has an account; says nothing either way (the route answers alike). */
export async function requestPasswordReset(
  deps: AccountDeps,
  shopper: Shopper,
  email: string,
): Promise<void> {
  const customer = await repository.findCustomerByEmail(deps.db, shopper.brand.id, email);
  if (!customer) return;
  await deps.db.transaction(async (tx) => {
    const token = await newResetToken(tx, customer.id);
    await queueAccountMail(tx, deps.jobs, {
      customerId: customer.id,
      kind: 'password-reset',
      dedupeKey: `password-reset:${hashToken(token)}`,
      payload: { token },
    });
  });
}

/** A fresh reset token for the customer; the database keeps its hash. */
async function newResetToken(tx: Database, customerId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repository.insertPasswordReset(tx, {
    customerId,
    tokenHash: hashToken(token),
    lifetimeSeconds: resetLinkMinutes * 60,
  });
  return token;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function invalidResetLink(): HttpProblem {
  return new HttpProblem(400, 'invalid-reset-token', 'the reset link is unknown, used or expired');
}

/** Sets the new password from a reset link (once, within the hour) and ends every session of the account. */
export async function resetPassword(
  deps: AccountDeps,
  shopper: Shopper,
  input: { email: string; token: string; newPassword: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.newPassword);
  const customer = await repository.findCustomerByEmail(deps.db, shopper.brand.id, input.email);
  if (!customer) throw invalidResetLink();
  await deps.db.transaction(async (tx) => {
    if (!(await repository.consumePasswordReset(tx, customer.id, hashToken(input.token)))) {
      throw invalidResetLink();
    }
    await repository.setPasswordHash(tx, customer.id, passwordHash);
    await repository.voidPasswordResets(tx, customer.id);
    await repository.endSessionsOf(tx, customer.id, 'password-reset');
  });
}

/** A wrong current password: a 400 on its field, worded like the schema checks (SPEC §5, §8 "validation-error"). */
export function wrongPasswordProblem(field: string, locale: Locale): HttpProblem {
  const message = formatMessage('currentPassword', locale, { field });
  return new HttpProblem(400, 'validation-error', message, [{ field, message }]);
}

/** Changes the password after checking the current one; the customer's other sessions end. */
export async function changePassword(
  deps: AccountDeps,
  signedIn: SignedIn,
  input: { oldPassword: string; newPassword: string },
  locale: Locale,
): Promise<void> {
  if (!(await checkPassword(signedIn.customer.password_hash, input.oldPassword))) {
    throw wrongPasswordProblem('oldPassword', locale);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await repository.setPasswordHash(tx, signedIn.customer.id, passwordHash);
    await repository.voidPasswordResets(tx, signedIn.customer.id);
    await repository.endSessionsOf(tx, signedIn.customer.id, 'password-change', signedIn.sessionId);
  });
}

export function presentAccount(customer: repository.CustomerRow): Account {
  return {
    id: customer.id,
    userName: customer.email,
    salutation: customer.gender === 10 || customer.gender === 20 ? customer.gender : 0,
    firstName: customer.first_name ?? '',
    lastName: customer.last_name ?? '',
    street: customer.street ?? '',
    houseNumber: customer.house_number ?? '',
    postcode: customer.postcode ?? '',
    city: customer.city ?? '',
    country: isAddressCountry(customer.country_iso) ? customer.country_iso : null,
    phone: customer.phone ?? '',
    newsletter: customer.has_newsletter,
    createdAt: new Date(customer.created_at).toISOString(),
  };
}

function isAddressCountry(value: string | null): value is NonNullable<Account['country']> {
  return value !== null && (addressCountries as readonly string[]).includes(value);
}

export async function updateAccount(
  deps: AccountDeps,
  signedIn: SignedIn,
  data: AccountData,
): Promise<Account> {
  return presentAccount(await repository.updateCustomerData(deps.db, signedIn.customer.id, data));
}
