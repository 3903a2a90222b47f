import type { Locale } from '@shop/contracts/locale';
import { formatMessage, isMessageKey } from '@shop/contracts/messages';
import { type VoucherUpdate, voucherUpdateSchema } from '@shop/contracts/vouchers';
import {
  guestNameLabel,
  type VoucherField,
  type VoucherFieldErrors,
  type VoucherFormValues,
  voucherFieldOrder,
} from './voucher-form.ts';

/**
 * A voucher's guest form checked with the schema the server enforces (`voucherUpdateSchema`), worded
 * as the server words it, but naming each field as its label does (the server calls the message field
 * by its path). Loaded on demand: zod is not part of the order page's first JavaScript.
 */

type Issue = { path: PropertyKey[]; message: string; maximum?: unknown };

export type VoucherValidationOutcome =
  | { ok: true; update: VoucherUpdate }
  | { ok: false; fieldErrors: VoucherFieldErrors };

export function validateVoucher(
  values: VoucherFormValues,
  context: { locale: Locale; messageLabel: string },
): VoucherValidationOutcome {
  const update = {
    customer: { firstName: values.firstName, lastName: values.lastName },
    message: values.message,
    layout: values.layout,
  };
  const result = voucherUpdateSchema.safeParse(update);
  if (result.success) return { ok: true, update: result.data };
  const fieldErrors: VoucherFieldErrors = {};
  for (const issue of result.error.issues as Issue[]) {
    const field = issue.path.findLast((part) => typeof part === 'string');
    if (typeof field !== 'string' || !(voucherFieldOrder as string[]).includes(field)) continue;
    const name = field as VoucherField;
    const label =
      name === 'firstName' || name === 'lastName'
        ? guestNameLabel(name, context.locale)
        : context.messageLabel;
    const max = typeof issue.maximum === 'number' ? { max: issue.maximum } : {};
    fieldErrors[name] ??= formatMessage(
      isMessageKey(issue.message) ? issue.message : 'invalid',
      context.locale,
      { field: label, ...max },
    );
  }
  return { ok: false, fieldErrors };
}
