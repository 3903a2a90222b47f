import { useEffect, useRef, useState } from 'react';
import { bottomInsetStore } from '#app/lib/bottom-inset.ts';
import { readStored, storageKeys, writeStored } from '#app/lib/browser-storage.ts';
import { useT } from '#app/lib/shop-data.ts';

/** SPEC §9 "cookie acceptance flag": 'true' = all cookies, 'false' = just the necessary ones. */
const storageKey = storageKeys.cookieConsent;

/**
 * Marks <html data-cookie-consent> before the first paint when the visitor has answered already, so the
 * server-rendered banner (below) never flashes for them. Runs as an inline script in <head>.
 */
export const cookieConsentScript = `try{if(localStorage.getItem(${JSON.stringify(storageKey)})!==null)document.documentElement.dataset.cookieConsent="answered"}catch(e){}`;

/**
 * Asks once for consent; the answer stays in localStorage. Rendered on the server, so that it paints
 * with the page instead of appearing after hydration (it is often the largest text on a phone, and a
 * late one is a late Largest Contentful Paint); `cookieConsentScript` hides it for visitors who have
 * answered, and hydration then removes it. Fixed at the bottom, so it shifts no layout.
 *
 * While it shows, its measured height is `--cookie-banner-height` on <html> (and the bottom inset the
 * toasts keep clear of): the stylesheet reserves that much room below the page and keeps focused or
 * scrolled-to elements above it (WCAG 2.2 2.4.11), so the footer links stay reachable.
 */
export function CookieBanner() {
  const t = useT();
  const [isVisible, setVisible] = useState(true);
  const bannerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (readStored(storageKey) !== null) setVisible(false);
  }, []);
  useEffect(() => {
    const banner = bannerRef.current;
    if (!isVisible || !banner) return;
    const root = document.documentElement;
    // The observer reports the size once laid out (and on every change): reading offsetHeight here
    // would force a layout of the whole page during hydration.
    const observer = new ResizeObserver(([entry]) => {
      const height = Math.ceil(entry?.borderBoxSize[0]?.blockSize ?? banner.offsetHeight);
      root.style.setProperty('--cookie-banner-height', `${height}px`);
      bottomInsetStore.set(height);
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-banner-height');
      bottomInsetStore.set(0);
    };
  }, [isVisible]);
  if (!isVisible) return null;
  const answer = (acceptsAll: boolean) => {
    // Storage blocked: the banner asks again on the next page rather than fail.
    writeStored(storageKey, String(acceptsAll));
    setVisible(false);
  };
  return (
    <section ref={bannerRef} className="cookie-banner" aria-labelledby="cookie-title">
      <div className="container cookie-inner">
        <div>
          <h2 id="cookie-title" className="cookie-title">
            {t('cookies.title')}
          </h2>
          <p>{t('cookies.text')}</p>
        </div>
        <div className="cookie-actions">
          <button type="button" className="button secondary" onClick={() => answer(false)}>
            {t('cookies.necessary')}
          </button>
          <button type="button" className="button" onClick={() => answer(true)}>
            {t('cookies.allow')}
          </button>
        </div>
      </div>
    </section>
  );
}
