import type {
  CodeBatchInput,
  CodeDetail,
  CodeInput,
  PromotionDetail,
  PromotionInput,
} from '@shop/contracts/admin-promotions';
import type { Locale } from '@shop/contracts/locale';
import { messageKeys } from '@shop/contracts/messages';
import { text } from '@shop/contracts/text';
import { z } from 'zod';
import { centsOfEuros, eurosForInput, eurosPattern } from '../../lib/euros.ts';

/**
 * The promotion and code forms as people fill them in (euros, per cent, offer numbers as a list, days)
 * and the contract's input they become; the server checks the same again and names its fields, which
 * `formFieldOf` maps back onto the form's.
 */

const day = text().regex(/^(\d{4}-\d{2}-\d{2})?$/);
const optional = (value: string) => (value.trim() === '' ? null : value.trim());
const periodInOrder = (values: { validFrom: string; validTo: string }) =>
  !values.validFrom || !values.validTo || values.validFrom <= values.validTo;
const periodIssue = { message: messageKeys.minAboveMax, path: ['validTo'] };

export const promotionForm = z
  .object({
    brand: text(),
    name: text()
      .trim()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/),
    promotionType: text().trim().min(1).max(40),
    type: text().trim().min(1).max(40),
    titleDe: text().trim().min(1).max(200),
    titleEn: text().trim().max(200),
    titleIt: text().trim().max(200),
    descriptionDe: text().trim().min(1).max(4000),
    descriptionEn: text().trim().max(4000),
    descriptionIt: text().trim().max(4000),
    active: z.boolean(),
    validFrom: day,
    validTo: day,
  })
  .refine(periodInOrder, periodIssue)
  .transform(
    (values): PromotionInput => ({
      brand: values.brand || null,
      name: values.name,
      promotionType: values.promotionType,
      type: values.type,
      title: { de: values.titleDe, en: values.titleEn, it: values.titleIt },
      description: { de: values.descriptionDe, en: values.descriptionEn, it: values.descriptionIt },
      active: values.active,
      validFrom: optional(values.validFrom),
      validTo: optional(values.validTo),
    }),
  );
export type PromotionFormValues = z.input<typeof promotionForm>;

export function promotionDefaults(promotion?: PromotionDetail): PromotionFormValues {
  return {
    brand: promotion?.brand?.short ?? '',
    name: promotion?.name ?? '',
    promotionType: promotion?.promotionType ?? 'Campaign',
    type: promotion?.type ?? 'offers',
    titleDe: promotion?.title.de ?? '',
    titleEn: promotion?.title.en ?? '',
    titleIt: promotion?.title.it ?? '',
    descriptionDe: promotion?.description.de ?? '',
    descriptionEn: promotion?.description.en ?? '',
    descriptionIt: promotion?.description.it ?? '',
    active: promotion?.active ?? true,
    validFrom: promotion?.validFrom ?? '',
    validTo: promotion?.validTo ?? '',
  };
}

const percentPattern = /^\d{1,3}(?:[.,]\d{1,2})?$/;
const wholeOrEmpty = text().regex(/^\s*\d{0,8}\s*$/);
const offerList = text().regex(/^\s*(\d{1,9}\s*(,\s*\d{1,9}\s*)*)?$/);
export const offerIdsOf = (value: string): number[] | null => {
  const ids = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(Number);
  return ids.length === 0 ? null : [...new Set(ids)];
};

const termsFields = {
  brand: text(),
  nameDe: text().trim().min(1).max(200),
  nameEn: text().trim().max(200),
  nameIt: text().trim().max(200),
  operation: z.enum(['+', '%']),
  amount: text().trim(),
  oncePerCustomer: z.boolean(),
  minimumOrder: text()
    .trim()
    .regex(/^(\d{1,8}(?:[.,]\d{1,2})?)?$/),
  offerIds: offerList,
  active: z.boolean(),
  validFrom: day,
  validTo: day,
};
type TermsValues = {
  operation: '+' | '%';
  amount: string;
};
/** '+' an amount in euros, '%' a percentage up to 100 with two decimals. */
const amountValid = (values: TermsValues) => {
  if (values.operation === '+') return eurosPattern.test(values.amount) && centsOfEuros(values.amount) > 0;
  if (!percentPattern.test(values.amount)) return false;
  const basisPoints = Math.round(Number(values.amount.replace(',', '.')) * 100);
  return basisPoints >= 1 && basisPoints <= 10_000;
};
const amountIssue = { message: 'amount', path: ['amount'] };
const discountValue = (values: TermsValues) =>
  values.operation === '+'
    ? centsOfEuros(values.amount)
    : Math.round(Number(values.amount.replace(',', '.')) * 100);

type Terms = {
  brand: string;
  nameDe: string;
  nameEn: string;
  nameIt: string;
  operation: '+' | '%';
  amount: string;
  oncePerCustomer: boolean;
  minimumOrder: string;
  offerIds: string;
  active: boolean;
  validFrom: string;
  validTo: string;
};
const termsOf = (values: Terms) => ({
  brand: values.brand || null,
  name: { de: values.nameDe, en: values.nameEn, it: values.nameIt },
  operation: values.operation,
  value: discountValue(values),
  oncePerCustomer: values.oncePerCustomer,
  minimumOrderCents: values.minimumOrder ? centsOfEuros(values.minimumOrder) : 0,
  offerIds: offerIdsOf(values.offerIds),
  active: values.active,
  validFrom: optional(values.validFrom),
  validTo: optional(values.validTo),
});

export const codeForm = z
  .object({
    ...termsFields,
    code: text()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,49}$/),
    maxUses: wholeOrEmpty,
  })
  .refine(periodInOrder, periodIssue)
  .refine(amountValid, amountIssue)
  .transform(
    (values): CodeInput => ({
      ...termsOf(values),
      code: values.code,
      maxUses: values.maxUses.trim() === '' ? null : Math.max(1, Number(values.maxUses)),
    }),
  );
export type CodeFormValues = z.input<typeof codeForm>;

export function codeDefaults(code: CodeDetail | undefined, locale: Locale): CodeFormValues {
  return {
    brand: code?.brand?.short ?? '',
    code: code?.code ?? '',
    nameDe: code?.name.de ?? '',
    nameEn: code?.name.en ?? '',
    nameIt: code?.name.it ?? '',
    operation: code?.operation ?? '+',
    amount: !code
      ? ''
      : code.operation === '+'
        ? eurosForInput(code.value, locale)
        : String(code.value / 100).replace('.', locale === 'en' ? '.' : ','),
    maxUses: code?.maxUses === null || code?.maxUses === undefined ? '' : String(code.maxUses),
    oncePerCustomer: code?.oncePerCustomer ?? false,
    minimumOrder: code?.minimumOrderCents ? eurosForInput(code.minimumOrderCents, locale) : '',
    offerIds: code?.offerIds?.join(', ') ?? '',
    active: code?.active ?? true,
    validFrom: code?.validFrom ?? '',
    validTo: code?.validTo ?? '',
  };
}

export const batchForm = z
  .object({
    ...termsFields,
    count: text()
      .trim()
      .regex(/^\d{1,5}$/)
      .refine((value) => Number(value) >= 1 && Number(value) <= 10_000),
    prefix: text()
      .trim()
      .regex(/^([A-Za-z0-9][A-Za-z0-9-]{0,19})?$/),
  })
  .refine(periodInOrder, periodIssue)
  .refine(amountValid, amountIssue)
  .transform(
    (values): CodeBatchInput => ({
      ...termsOf(values),
      count: Number(values.count),
      prefix: values.prefix.toUpperCase(),
    }),
  );
export type BatchFormValues = z.input<typeof batchForm>;

export const batchDefaults = (): BatchFormValues => ({
  ...codeDefaults(undefined, 'de'),
  count: '100',
  prefix: '',
});

/** The server's field (a contract path) as the form's field, to show its message there. */
export function formFieldOf(field: string): string {
  const [head, language] = field.split('.');
  if ((head === 'title' || head === 'description') && language)
    return `${head}${language.charAt(0).toUpperCase()}${language.slice(1)}`;
  if (head === 'name' && language) return `name${language.charAt(0).toUpperCase()}${language.slice(1)}`;
  if (head === 'value') return 'amount';
  if (head === 'minimumOrderCents') return 'minimumOrder';
  return head ?? field;
}
