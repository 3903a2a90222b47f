import { useEffect, useState } from 'react';
import { useT } from '#app/lib/shop-data.ts';
import { ArrowUpIcon } from '#app/ui/icons.tsx';

/** SPEC §9 scroll animation. */
const scrollDurationMs = 500;

/** A button that appears once the visitor has scrolled down a screen and brings them back up. */
export function ScrollToTop() {
  const t = useT();
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(window.scrollY > window.innerHeight);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // In the next frame, not now: reading scrollY during hydration would force a layout in its task.
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  if (!isVisible) return null;
  return (
    <button type="button" className="scroll-top" onClick={scrollToTop} aria-label={t('layout.backToTop')}>
      <ArrowUpIcon />
    </button>
  );
}

/**
 * Scrolls up in 500 ms (at once when the visitor prefers reduced motion), then puts focus on the main
 * content: the button disappears at the top and focus must not fall back to the end of the page.
 */
function scrollToTop() {
  const main = document.getElementById('main');
  const start = window.scrollY;
  const finish = () => main?.focus({ preventScroll: true });
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo({ top: 0, behavior: 'instant' });
    finish();
    return;
  }
  const startedAt = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - startedAt) / scrollDurationMs);
    const eased = progress < 0.5 ? 4 * progress ** 3 : 1 - (-2 * progress + 2) ** 3 / 2;
    window.scrollTo({ top: start * (1 - eased), behavior: 'instant' });
    if (progress < 1) requestAnimationFrame(step);
    else finish();
  };
  requestAnimationFrame(step);
}
