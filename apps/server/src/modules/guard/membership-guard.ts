import type { BrandConfig } from '@shop/contracts/brand-config';
import { isValidMembershipNumber, normaliseMembershipNumber } from '@shop/contracts/membership-number';
import { messageKeys } from '@shop/contracts/messages';
import { HttpProblem } from '#src/http/problem.ts';
import { RequestValidationError } from '#src/http/validation.ts';

/** The brand's rule, or a 404 for brands that ask for no membership number. */
function ruleOf(config: BrandConfig) {
  if (!config.membershipNumber) {
    throw new HttpProblem(404, 'not-found', 'this shop asks for no membership number');
  }
  return config.membershipNumber;
}

export function checkMembershipNumber(config: BrandConfig, number: string): boolean {
  return isValidMembershipNumber(ruleOf(config), number);
}

/**
 * The membership number an order may store: '' where the brand asks for none (a stray value is dropped)
 * or the buyer skipped an optional one; otherwise the normalised number, once it passes the brand's
 * rule. A missing required or an invalid number is a 400 on the field, worded in the caller's language.
 */
export function acceptedMembershipNumber(config: BrandConfig, number: string): string {
  const rule = config.membershipNumber;
  if (!rule) return '';
  if (number.trim() === '' && rule.optional) return '';
  if (isValidMembershipNumber(rule, number)) return normaliseMembershipNumber(number);
  const message = number.trim() === '' ? messageKeys.required : messageKeys.invalid;
  throw new RequestValidationError('body', [
    { code: 'custom', path: ['membershipNumber'], message, input: number },
  ]);
}
