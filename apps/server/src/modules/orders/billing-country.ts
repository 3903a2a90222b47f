import type { BrandConfig } from '@shop/contracts/brand-config';
import { messageKeys } from '@shop/contracts/messages';
import { RequestValidationError } from '#src/http/validation.ts';

/**
 * Refuses a billing country the brand does not sell to (its `billingCountries`), as a 400 on the field in
 * the caller's language, like a country outside SPEC §3's list.
 */
export function checkBillingCountry(config: BrandConfig, country: string): void {
  if ((config.billingCountries as readonly string[]).includes(country)) return;
  throw new RequestValidationError('body', [
    { code: 'custom', path: ['country'], message: messageKeys.oneOf, input: country },
  ]);
}
