import {
  accountDataSchema,
  changePasswordRequestSchema,
  passwordForgottenRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
} from '@shop/contracts/accounts';
import type { Locale } from '@shop/contracts/locale';
import { fieldMessages, formatMessage, type IssueLike } from '@shop/contracts/messages';
import type { BodyOf } from '#app/lib/api-client.ts';

/**
 * The account forms checked with the contracts' own schemas (the ones the server enforces), worded as
 * the server words them (`wordIssue`): one message per field, naming the field (SPEC §5). Loaded on
 * demand, like the checkout's: zod is not part of a page's first JavaScript.
 */

type SafeParse<T> = (
  value: unknown,
) => { success: true; data: T } | { success: false; error: { issues: IssueLike[] } };

export type Checked<T> = { ok: true; data: T } | { ok: false; fieldErrors: Record<string, string> };

function check<T>(
  schema: { safeParse: SafeParse<T> },
  candidate: Record<string, unknown>,
  locale: Locale,
  extraErrors: Record<string, string> = {},
): Checked<T> {
  const result = schema.safeParse(candidate);
  const fieldErrors = result.success ? {} : fieldMessages(result.error.issues, locale);
  Object.assign(fieldErrors, extraErrors);
  if (!result.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, data: result.data };
}

/** SPEC §5 "confirmed": the repeated password must be the same. */
function confirmation(password: string, repeated: string, locale: Locale): Record<string, string> {
  if (repeated === '') {
    return { passwordConfirmation: formatMessage('required', locale, { field: 'passwordConfirmation' }) };
  }
  return repeated === password ? {} : { passwordConfirmation: formatMessage('confirmed', locale) };
}

/** '' (not chosen) is missing; the select's strings are the contract's numbers. */
const salutationOf = (value: string) => (value === '' ? undefined : Number(value));

export type RegisterValues = {
  salutation: string;
  firstName: string;
  lastName: string;
  userName: string;
  password: string;
  passwordConfirmation: string;
  newsletter: boolean;
};

export function checkRegistration(
  values: RegisterValues,
  locale: Locale,
): Checked<BodyOf<'POST /api/account/register'>> {
  const { passwordConfirmation, ...request } = values;
  return check(
    registerRequestSchema,
    { ...request, salutation: salutationOf(values.salutation) },
    locale,
    confirmation(values.password, passwordConfirmation, locale),
  );
}

export type PasswordChangeValues = { oldPassword: string; newPassword: string; passwordConfirmation: string };

export function checkPasswordChange(
  values: PasswordChangeValues,
  locale: Locale,
): Checked<BodyOf<'PUT /api/account/change-password'>> {
  return check(
    changePasswordRequestSchema,
    { oldPassword: values.oldPassword, newPassword: values.newPassword },
    locale,
    confirmation(values.newPassword, values.passwordConfirmation, locale),
  );
}

export function checkPasswordForgotten(
  email: string,
  locale: Locale,
): Checked<BodyOf<'POST /api/account/password-forgotten'>> {
  return check(passwordForgottenRequestSchema, { email }, locale);
}

export function checkPasswordReset(
  values: { email: string; token: string; newPassword: string; passwordConfirmation: string },
  locale: Locale,
): Checked<BodyOf<'PUT /api/account/reset-password'>> {
  return check(
    resetPasswordRequestSchema,
    { email: values.email, token: values.token, newPassword: values.newPassword },
    locale,
    confirmation(values.newPassword, values.passwordConfirmation, locale),
  );
}

export type AccountDataValues = {
  salutation: string;
  firstName: string;
  lastName: string;
  street: string;
  houseNumber: string;
  postcode: string;
  city: string;
  country: string;
  phone: string;
  newsletter: boolean;
};

export function checkAccountData(
  values: AccountDataValues,
  locale: Locale,
): Checked<BodyOf<'PUT /api/account/me'>> {
  return check(
    accountDataSchema,
    { ...values, salutation: salutationOf(values.salutation), country: values.country || null },
    locale,
  );
}
