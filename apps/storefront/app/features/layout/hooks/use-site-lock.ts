import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** Fast pages should not flash an overlay: it appears only when loading takes longer than this. */
const overlayDelayMs = 200;

/**
 * SPEC §4 site lock: set while a navigation loads, lifted when it completes or fails.
 * `isBusy` is immediate (for aria-busy); `isOverlayShown` follows after the delay.
 */
export function useSiteLock(): { isBusy: boolean; isOverlayShown: boolean } {
  const isBusy = useNavigation().state !== 'idle';
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
