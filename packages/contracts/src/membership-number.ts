import { z } from 'zod';
import type { MembershipCheckDigit, MembershipRule } from './brand-config.ts';
import { messageKeys } from './message-keys.ts';
import { text } from './text.ts';

// Without zod, for the checkout's first view (its numeric keypad).
export { isNumericMembershipRule } from './membership-keypad.ts';

/*
 * Partner brands whose members buy at member prices ask for the membership number at checkout
 * (SPEC §7 POST /api/guard/number, §5 "membership number may be skipped"). The rule is brand data:
 * a pattern and, where the partner's numbers have one, a check digit. One implementation here, used
 * by the guard call and by the order's customer data, so that both always agree.
 */

export const guardNumberRequestSchema = z.object({
  number: text({ error: messageKeys.required })
    .trim()
    .min(1, { error: messageKeys.required })
    .max(40, { error: messageKeys.maxLength }),
});
export type GuardNumberRequest = z.infer<typeof guardNumberRequestSchema>;

export const guardNumberResponseSchema = z.object({ valid: z.boolean() });
export type GuardNumberResponse = z.infer<typeof guardNumberResponseSchema>;

/** Spaces and dashes members type for readability are not part of the number. */
export const normaliseMembershipNumber = (number: string) => number.replace(/[\s-]/g, '').toUpperCase();

export function isValidMembershipNumber(rule: MembershipRule, number: string): boolean {
  const normalised = normaliseMembershipNumber(number);
  if (normalised === '' || !new RegExp(`^(?:${rule.pattern})$`).test(normalised)) return false;
  return rule.checkDigit === null || hasValidCheckDigit(rule.checkDigit, normalised.replace(/\D/g, ''));
}

function hasValidCheckDigit(method: MembershipCheckDigit, digits: string): boolean {
  if (digits.length < 2) return false;
  const body = digits.slice(0, -1);
  const check = Number(digits.at(-1));
  return method === 'luhn' ? luhnCheckDigit(body) === check : mod11CheckDigit(body) === check;
}

/** Luhn (ISO/IEC 7812): doubles every second digit from the right, as payment cards do. */
export function luhnCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    let digit = Number(body[body.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Modulo 11 with weights 2, 3, 4, … from the right (the scheme of many German and Austrian member and
 * account numbers); a remainder that would need the digit 10 counts as 0.
 */
export function mod11CheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    sum += Number(body[body.length - 1 - index]) * (index + 2);
  }
  const digit = (11 - (sum % 11)) % 11;
  return digit === 10 ? 0 : digit;
}
