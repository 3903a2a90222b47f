import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { pendingRequests } from '#app/lib/site-lock.ts';
import { useStore } from '#app/lib/store.ts';

/** Fast pages should not flash an overlay: it appears only when loading takes longer than this. */
const overlayDelayMs = 200;

/**
 * SPEC §4 site lock: set while a navigation loads or a non-silent API call runs (cart, checkout),
 * lifted when it completes or fails. `isBusy` is immediate (for aria-busy); `isOverlayShown` follows
 * after the delay.
 */
export function useSiteLock(): { isBusy: boolean; isOverlayShown: boolean } {
  const isNavigating = useNavigation().state !== 'idle';
  const isRequesting = useStore(pendingRequests, (count) => count > 0, false);
  const isBusy = isNavigating || isRequesting;
  const [isOverlayShown, setOverlayShown] = useState(false);
  useEffect(() => {
    if (!isBusy) {
      setOverlayShown(false);
      return;
    }
    const timer = setTimeout(() => setOverlayShown(true), overlayDelayMs);
    return () => clearTimeout(timer);
  }, [isBusy]);
  return { isBusy, isOverlayShown };
}
