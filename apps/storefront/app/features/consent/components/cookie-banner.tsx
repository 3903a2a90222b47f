import type { ConsentChoice } from '@shop/contracts/consent';
import { namedServices } from '@shop/contracts/tracking-tags';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { bottomInsetStore } from '#app/lib/bottom-inset.ts';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { recordConsent } from '../api/record-consent.ts';
import { consentStore, knownConsentVisitorId } from '../consent-store.ts';

/** The footer's "Cookie settings" button: focus returns there after an answer given from it. */
export const cookieSettingsId = 'cookie-settings';

export function useConsent() {
  return useSyncExternalStore(consentStore.subscribe, consentStore.get, consentStore.getServer);
}

/**
 * Asks for consent on the first visit, and again when the visitor opens the cookie settings from the
 * footer; every answer is stored in the browser and, as evidence, on the server. Rendered on the server,
 * so that it paints with the page instead of appearing after hydration (it is often the largest text on
 * a phone, and a late one is a late Largest Contentful Paint); `cookieConsentScript` hides it for
 * visitors who have answered, and hydration then removes it. Fixed at the bottom, so it shifts no layout;
 * first in the document (root.tsx), so that the first Tab lands in it while it asks, and the skip link
 * right after it (keyboard.e2e.ts). Not a modal: Tab goes on past it into the page.
 *
 * While it shows, its measured height is `--cookie-banner-height` on <html> (and the bottom inset the
 * toasts keep clear of): the stylesheet reserves that much room below the page and keeps focused or
 * scrolled-to elements above it (WCAG 2.2 2.4.11), so the footer links stay reachable.
 */
export function CookieBanner() {
  const t = useT();
  const { brand, locale } = useShop();
  const { choice, isAsking, isReopened } = useConsent();
  const bannerRef = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const services = namedServices(brand);
  const visitorId = isReopened ? knownConsentVisitorId() : null;

  useEffect(() => {
    const banner = bannerRef.current;
    if (!isAsking || !banner) return;
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
  }, [isAsking]);

  // Opened from the footer: the visitor's focus moves to the question (its heading is read first).
  useEffect(() => {
    if (isReopened) titleRef.current?.focus();
  }, [isReopened]);

  if (!isAsking) return null;
  const answer = (next: ConsentChoice) => {
    const shown = bannerWording(bannerRef.current);
    consentStore.answer(next);
    void recordConsent(next, { text: shown, services, language: locale });
    // The buttons are gone: focus goes back to where the question came from (the footer), or to the page.
    const opener = isReopened ? document.getElementById(cookieSettingsId) : null;
    (opener ?? document.getElementById('main'))?.focus({ preventScroll: true });
  };
  return (
    <section ref={bannerRef} className="cookie-banner" aria-labelledby="cookie-title">
      <div className="container cookie-inner">
        <div>
          <h2 id="cookie-title" className="cookie-title" ref={titleRef} tabIndex={-1}>
            {t('cookies.title')}
          </h2>
          <p>{t('cookies.text')}</p>
          {services.length > 0 ? <p>{t('consent.services', { services: services.join(', ') })}</p> : null}
          {isReopened && choice ? (
            <p data-consent-status="">
              {t(choice === 'all' ? 'consent.current.all' : 'consent.current.necessary')}
            </p>
          ) : null}
          {isReopened && visitorId ? (
            // What the visitor quotes to ask the shop about their recorded answers (README: operators).
            <p data-consent-status="">{t('consent.visitorId', { id: visitorId })}</p>
          ) : null}
        </div>
        <div className="cookie-actions">
          <button type="button" className="button secondary" onClick={() => answer('necessary')}>
            {t('cookies.necessary')}
          </button>
          <button type="button" className="button" onClick={() => answer('all')}>
            {t('cookies.allow')}
          </button>
        </div>
      </div>
    </section>
  );
}

/** The footer's way back to the question (SPEC §4: the visitor may change the answer at any time). */
export function CookieSettingsButton() {
  const t = useT();
  return (
    <button
      type="button"
      id={cookieSettingsId}
      className="link-button"
      // The footer is dark: the link colour of the footer, and its links' tap height.
      style={{ color: 'inherit', padding: '0.5rem 0' }}
      onClick={() => consentStore.reopen()}
    >
      {t('consent.settings')}
    </button>
  );
}

/**
 * The banner's wording as shown (title, text, services, buttons), for the record's hash: without the
 * lines about this visitor's earlier answer, so that one wording has one hash.
 */
function bannerWording(banner: HTMLElement | null): string {
  if (!banner) return '';
  const copy = banner.cloneNode(true) as HTMLElement;
  for (const status of copy.querySelectorAll('[data-consent-status]')) status.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}
