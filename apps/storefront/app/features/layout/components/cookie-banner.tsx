import { useEffect, useRef, useState } from 'react';
import { storageKeys } from '#app/lib/browser-storage.ts';
import { useT } from '#app/lib/shop-data.ts';

/** SPEC §9 "cookie acceptance flag": 'true' = all cookies, 'false' = just the necessary ones. */
const storageKey = storageKeys.cookieConsent;

/**
 * Asks once for consent; the answer stays in localStorage. Rendered after hydration only (the server
 * cannot know the stored answer), fixed at the bottom so it shifts no layout.
 *
 * While it shows, its measured height is `--cookie-banner-height` on <html>: the stylesheet reserves
 * that much room below the page and keeps focused or scrolled-to elements above it (WCAG 2.2 2.4.11),
 * so the footer links stay reachable.
 */
export function CookieBanner() {
  const t = useT();
  const [isVisible, setVisible] = useState(false);
  const bannerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    try {
      setVisible(window.localStorage.getItem(storageKey) === null);
    } catch {
      setVisible(true);
    }
  }, []);
  useEffect(() => {
    const banner = bannerRef.current;
    if (!isVisible || !banner) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--cookie-banner-height', `${banner.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-banner-height');
    };
  }, [isVisible]);
  if (!isVisible) return null;
  const answer = (acceptsAll: boolean) => {
    try {
      window.localStorage.setItem(storageKey, String(acceptsAll));
    } catch {
      // Storage blocked: ask again on the next page rather than fail.
    }
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
