import { type RefObject, useEffect, useState } from 'react';

/** Whether the element has come within a screen's height of view (once true, it stays true). */
export function useIsNear(box: RefObject<HTMLElement | null>): boolean {
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || isNear) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, isNear]);
  return isNear;
}
