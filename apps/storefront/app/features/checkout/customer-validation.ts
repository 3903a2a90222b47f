import type { Locale } from '@shop/contracts/locale';
import { fieldMessages } from '@shop/contracts/messages';
import { customerRequestSchema } from '@shop/contracts/orders';
import type { Translate } from '#app/i18n/translate.ts';
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
  t: Translate;
  /** The brand's membership-number pattern; null = the brand asks for none. */
  membershipPattern: string | null;
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
    membershipNumber: context.membershipPattern ? values.membershipNumber : '',
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
  const membershipNumber = values.membershipNumber.trim();
  if (
    context.membershipPattern &&
    membershipNumber &&
    !matches(context.membershipPattern, membershipNumber)
  ) {
    fieldErrors.membershipNumber ??= context.t('checkout.error.membershipNumber');
  }
  if (!result.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, request: result.data };
}

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern).test(value);
  } catch {
    // A broken pattern in a brand's config must not stop its customers from buying.
    return true;
  }
}
