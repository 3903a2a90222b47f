import type { InsuranceType, PremiumBasis, Traveller } from '@shop/contracts/insurance';
import type { MessageKey } from '#app/i18n/de.ts';

/**
 * The insurance form's state as typed, without zod (the form checks with the contract's schema in
 * `insurance-validation.ts`, loaded with the form).
 */
export type TravellerField = keyof Traveller;
export type TravellerValues = Record<TravellerField, string>;
/** Errors by `<traveller index>.<field>`, e.g. `0.lastName`. */
export type TravellerErrors = Record<string, string>;

/** The contract's traveller fields in the order the form shows them (its first error gets the focus). */
export const travellerFieldOrder: TravellerField[] = [
  'title',
  'firstName',
  'lastName',
  'street',
  'houseNumber',
  'postcode',
  'city',
];

export const autoCompletes: Record<TravellerField, string> = {
  title: 'honorific-prefix',
  firstName: 'given-name',
  lastName: 'family-name',
  street: 'address-line1',
  houseNumber: 'off',
  postcode: 'postal-code',
  city: 'address-level2',
};

export const maxLengths: Record<TravellerField, number> = {
  title: 40,
  firstName: 100,
  lastName: 100,
  street: 200,
  houseNumber: 20,
  postcode: 10,
  city: 100,
};

export const typeLabels: Record<InsuranceType, MessageKey> = {
  cancellation: 'insurance.type.cancellation',
  curtailment: 'insurance.type.curtailment',
};

/** What one premium pays for, as the form states it next to the premium. */
export const basisLabels: Record<PremiumBasis, MessageKey> = {
  person: 'insurance.basis.person',
  voucher: 'insurance.basis.voucher',
  order: 'insurance.basis.order',
};

export const emptyTraveller = (): TravellerValues => ({
  title: '',
  firstName: '',
  lastName: '',
  street: '',
  houseNumber: '',
  postcode: '',
  city: '',
});

export const errorKey = (index: number, field: TravellerField) => `${index}.${field}`;

/** The server's field messages (`errors[].field` is `travellers.1.city`) by the form's keys. */
export function travellerErrorsFromServer(fieldErrors: Record<string, string>): TravellerErrors {
  const errors: TravellerErrors = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^travellers\.(\d+)\.(\w+)$/.exec(path);
    if (match && (travellerFieldOrder as string[]).includes(match[2] as string)) {
      errors[`${match[1]}.${match[2]}`] ??= message;
    }
  }
  return errors;
}

/** The first field with an error, in the order the form shows them. */
export function firstErrorKey(errors: TravellerErrors, travellerCount: number): string | null {
  for (let index = 0; index < travellerCount; index++) {
    for (const field of travellerFieldOrder) {
      if (errors[errorKey(index, field)]) return errorKey(index, field);
    }
  }
  return null;
}

/** What the page says when a booking is refused (the texts live in i18n). */
export function refusalMessage(problem: { status: number; type: string } | null): MessageKey {
  if (problem === null) return 'insurance.error.connection';
  if (problem.type === 'insurance-declined') return 'insurance.error.declined';
  if (problem.status === 503 || problem.status === 504) return 'insurance.error.tryLater';
  if (problem.type === 'voucher-not-paid') return 'insurance.error.notPaid';
  return 'insurance.error.unexpected';
}
