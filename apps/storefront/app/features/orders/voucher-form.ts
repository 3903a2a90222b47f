import { fieldNames } from '@shop/contracts/field-names';
import type { Locale } from '@shop/contracts/locale';
import type { Order } from '@shop/contracts/orders';
import type { Voucher, VoucherLayout } from '@shop/contracts/vouchers';
import type { MessageKey } from '#app/i18n/de.ts';

/** A voucher's guest form as typed; checked by `voucher-validation.ts` (loaded with zod on demand). */
export type VoucherFormValues = {
  firstName: string;
  lastName: string;
  message: string;
  layout: VoucherLayout;
};
export type VoucherField = keyof VoucherFormValues;
export type VoucherFieldErrors = Partial<Record<VoucherField, string>>;

/** The fields in the order the form shows them: the first one with an error gets the focus. */
export const voucherFieldOrder: VoucherField[] = ['firstName', 'lastName', 'message', 'layout'];

/** `voucherUpdateSchema`'s layouts and message limit, without importing zod into the page's first chunk. */
export const voucherLayoutOptions = ['plain', 'gift'] as const satisfies readonly VoucherLayout[];
export const messageMaxLength = 500;

export const voucherLayoutLabels: Record<VoucherLayout, MessageKey> = {
  plain: 'order.voucher.layout.plain',
  gift: 'order.voucher.layout.gift',
};

export function voucherFormValues(voucher: Voucher): VoucherFormValues {
  return {
    firstName: voucher.customer?.firstName ?? '',
    lastName: voucher.customer?.lastName ?? '',
    message: voucher.message ?? '',
    layout: voucher.layout,
  };
}

/** Whether the form holds what is saved: the voucher is printed with its saved data, never the typed. */
export function hasUnsavedChanges(values: VoucherFormValues, saved: Voucher): boolean {
  const stored = voucherFormValues(saved);
  return voucherFieldOrder.some((field) => values[field] !== stored[field]);
}

/** The guest-name labels: the names the contract's messages use, so label and error say the same. */
export function guestNameLabel(field: 'firstName' | 'lastName', locale: Locale): string {
  return fieldNames[field][locale];
}

/**
 * The server's field messages (`errors[].field` is the body path, `customer.firstName`) by form field;
 * paths the form does not know are left to the caller.
 */
export function voucherErrorsFromServer(fieldErrors: Record<string, string>): VoucherFieldErrors {
  const errors: VoucherFieldErrors = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const field = path.split('.').at(-1) ?? '';
    if ((voucherFieldOrder as string[]).includes(field)) errors[field as VoucherField] ??= message;
  }
  return errors;
}

export function firstVoucherErrorField(errors: VoucherFieldErrors): VoucherField | null {
  return voucherFieldOrder.find((field) => errors[field]) ?? null;
}

/**
 * SPEC §8 "vouchers being generated": paid without vouchers yet, or the payment still being confirmed.
 * The page asks again until they are there.
 */
export function isAwaitingVouchers(order: Pick<Order, 'status' | 'vouchers'>): boolean {
  return order.status === 'payment-pending' || (order.status === 'paid' && order.vouchers.length === 0);
}
