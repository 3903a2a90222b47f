import type { MembershipRule } from '@shop/contracts/brand-config';
import type { Locale } from '@shop/contracts/locale';
import { isValidMembershipNumber } from '@shop/contracts/membership-number';
import { fieldMessages, formatMessage } from '@shop/contracts/messages';
import { customerRequestSchema } from '@shop/contracts/orders';
import type { Output } from '#app/lib/contract-types.ts';
import { type CustomerFormValues, type FieldErrors, isCustomerField } from './customer-form.ts';

/**
 * The checkout form checked with the contract's own schema (`customerRequestSchema`, the one the
 * server enforces), worded as the server words it (`wordIssue` of messages.ts): one message per
 * field, naming the field (SPEC §5). Loaded on demand: zod is not part of the checkout page's first
 * JavaScript.
 */

export type ValidationContext = {
  orderId: number;
  orderKey: string;
  locale: Locale;
  /** The brand's membership-number rule (pattern, check digit, optional); null = the brand asks for none. */
  membership: MembershipRule | null;
};

/** What PUT /api/order/customer takes, checked (`customerRequestSchema`). */
export type CustomerRequest = Output<typeof customerRequestSchema>;

export type ValidationOutcome =
  | { ok: true; request: CustomerRequest }
  | { ok: false; fieldErrors: FieldErrors };

export function validateCustomer(values: CustomerFormValues, context: ValidationContext): ValidationOutcome {
  const candidate = {
    orderId: context.orderId,
    key: context.orderKey,
    gender: values.gender === '' ? undefined : Number(values.gender),
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email.trim(),
    phone: values.phone,
    street: values.street,
    houseNumber: values.houseNumber,
    postcode: values.postcode,
    city: values.city,
    country: values.country === '' ? undefined : values.country,
    membershipNumber: context.membership ? values.membershipNumber : '',
    newsletter: values.newsletter,
    acceptTerms: values.acceptTerms,
  };
  const fieldErrors: FieldErrors = {};
  const result = customerRequestSchema.safeParse(candidate);
  if (!result.success) {
    for (const [field, message] of Object.entries(fieldMessages(result.error.issues, context.locale))) {
      if (isCustomerField(field)) fieldErrors[field] = message;
    }
  }
  const membershipError = context.membership
    ? membershipNumberError(context.membership, values.membershipNumber, context.locale)
    : null;
  if (membershipError) fieldErrors.membershipNumber ??= membershipError;
  if (!result.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, request: result.data };
}

/**
 * The brand's rule checked here for an answer while typing (the same code as the server's guard and
 * customer call); the guard call on submit has the last word.
 */
export function membershipNumberError(rule: MembershipRule, number: string, locale: Locale): string | null {
  if (number.trim() === '') {
    return rule.optional ? null : formatMessage('required', locale, { field: 'membershipNumber' });
  }
  return isValidMembershipNumber(rule, number) ? null : invalidMembershipNumber(locale);
}

export const invalidMembershipNumber = (locale: Locale) =>
  formatMessage('invalid', locale, { field: 'membershipNumber' });
