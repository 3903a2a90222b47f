import type { MembershipRule } from './brand-config.ts';

/**
 * Numbers made of digits only (the pattern allows nothing but digits, e.g. "[0-9]{9}" or "\\d{8,10}"):
 * the checkout's field then asks phones for the numeric keypad.
 */
export function isNumericMembershipRule(rule: MembershipRule): boolean {
  const rest = rule.pattern.replace(/\[0-9\]|\\d|\{\d+(?:,\d*)?\}|\(\?:|[()+*?]/g, '');
  return rest === '';
}
