/**
 * What the account forms show before their checks load, as the contracts have it (account-form.test.ts
 * keeps both equal). Not imported from there: those modules share their chunk with zod, which the forms
 * load only when the visitor starts on them.
 */

/** `passwordMinLength` in accounts.ts. */
export const passwordMinLength = 8;

/** SPEC §3 gender values as the salutation select offers them: 10 Mr, 20 Ms, 0 none. */
export const salutations = [
  { value: '20', label: 'checkout.gender.female' },
  { value: '10', label: 'checkout.gender.male' },
  { value: '0', label: 'checkout.gender.other' },
] as const;

/** SPEC §3 address countries, as the contract lists them (`addressCountries` in orders.ts). */
export const addressCountries = ['AT', 'DE', 'CH', 'IT', 'FR', 'LI', 'CZ'] as const;
