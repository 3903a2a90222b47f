import { fieldNames } from '@shop/contracts/field-names';
import type { Locale } from '@shop/contracts/locale';
import type { AddressCountry, CustomerData } from '@shop/contracts/orders';

/** The checkout form as typed: strings as the inputs hold them, checked by `customer-validation.ts`. */
export type CustomerFormValues = {
  gender: '' | '10' | '20' | '0';
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  houseNumber: string;
  postcode: string;
  city: string;
  country: AddressCountry | '';
  membershipNumber: string;
  newsletter: boolean;
  acceptTerms: boolean;
};

export type CustomerField = keyof CustomerFormValues;

/**
 * SPEC §3 address countries, as the contract lists them (`addressCountries` in orders.ts; a unit test
 * keeps both equal). Not imported from there: that module shares its chunk with zod, which the
 * checkout page loads only when the visitor starts on the form.
 */
export const addressCountries = [
  'AT',
  'DE',
  'CH',
  'IT',
  'FR',
  'LI',
  'CZ',
] as const satisfies readonly AddressCountry[];
export type FieldErrors = Partial<Record<CustomerField, string>>;

/** The fields in the order the form shows them: the first one with an error gets the focus. */
export const fieldOrder: CustomerField[] = [
  'gender',
  'firstName',
  'lastName',
  'email',
  'phone',
  'street',
  'houseNumber',
  'postcode',
  'city',
  'country',
  'membershipNumber',
  'newsletter',
  'acceptTerms',
];

/** A field's label: its name as the contract's messages call it (`fieldNames` in messages.ts). */
export function fieldLabel(field: CustomerField, locale: Locale): string {
  return fieldNames[field][locale];
}

export const isCustomerField = (name: string): name is CustomerField =>
  (fieldOrder as string[]).includes(name);

/** The country most customers of a language live in, preselected. */
const countryByLocale: Record<Locale, AddressCountry | ''> = { de: 'DE', it: 'IT', en: '' };

/**
 * An empty form, or the order's customer data again (back from a cancelled payment). The country is
 * preselected from the language when the brand sells there, or when the brand sells to one country only.
 */
export function initialValues(
  customer: CustomerData | null,
  locale: Locale,
  countries: readonly AddressCountry[] = addressCountries,
): CustomerFormValues {
  if (!customer) {
    const likely = countryByLocale[locale];
    return {
      gender: '',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      street: '',
      houseNumber: '',
      postcode: '',
      city: '',
      country:
        likely && countries.includes(likely) ? likely : countries.length === 1 ? (countries[0] ?? '') : '',
      membershipNumber: '',
      newsletter: false,
      acceptTerms: false,
    };
  }
  return {
    gender: String(customer.gender) as CustomerFormValues['gender'],
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    street: customer.street,
    houseNumber: customer.houseNumber,
    postcode: customer.postcode,
    city: customer.city,
    country: customer.country,
    membershipNumber: customer.membershipNumber,
    newsletter: customer.newsletter,
    acceptTerms: false,
  };
}

/** The first field (in form order) that has an error. */
export function firstErrorField(errors: FieldErrors): CustomerField | null {
  return fieldOrder.find((field) => errors[field]) ?? null;
}
