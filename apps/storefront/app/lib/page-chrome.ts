import { useMatches } from 'react-router';

/**
 * A route's `handle` says which frame the root layout draws around it: the checkout's is reduced (logo, support
 * line and signing in; no menu, search or cart buttons), so nothing leads away from paying by accident.
 */
export type PageChrome = { chrome: 'checkout' };

export const checkoutChrome: PageChrome = { chrome: 'checkout' };

export function useIsCheckoutChrome(): boolean {
  return useMatches().some(
    (match) => (match.handle as Partial<PageChrome> | undefined)?.chrome === 'checkout',
  );
}
