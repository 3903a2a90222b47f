import { configuredTags, type TrackingConfig } from '@shop/contracts/tracking-tags';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { startAnalytics, stopAnalytics } from '#app/lib/analytics.ts';
import { consentStore } from './consent-store.ts';

/**
 * When third-party tags load (SPEC §4, issue 12): never before the visitor allowed all cookies, and even
 * then only once the page is interactive (after `load`, in idle time), so that they take nothing from
 * the first view. The loader itself (tags/tag-loader.ts) is a chunk of its own, fetched only then.
 */

type Phase = 'off' | 'waiting' | 'loaded';
let phase: Phase = 'off';
let cancelWaiting: (() => void) | null = null;

const loadTagLoader = () => import('./tags/tag-loader.ts');

/** Runs `work` after the page's `load` event, when the browser is idle (at the latest 3 s later). */
export function whenInteractive(work: () => void): () => void {
  let isCancelled = false;
  const run = () => {
    if (!isCancelled) work();
  };
  const afterLoad = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
    else setTimeout(run, 1);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    isCancelled = true;
  };
}

function start(brand: TrackingConfig) {
  if (phase !== 'off' || !brand.hasCookieConsent || consentStore.get().choice !== 'all') return;
  const tags = configuredTags(brand);
  // Consent Mode's signals go into the dataLayer now, before any page effect reports an event.
  startAnalytics({ sendsGtagEvents: tags.includes('gtag') });
  if (tags.length === 0) return;
  phase = 'waiting';
  cancelWaiting = whenInteractive(() => {
    phase = 'loaded';
    void loadTagLoader().then((loader) => loader.loadTags(brand));
  });
}

function withdraw(brand: TrackingConfig) {
  cancelWaiting?.();
  stopAnalytics(brand.analyticsId ? [brand.analyticsId] : []);
  const wasLoaded = phase === 'loaded';
  phase = 'off';
  if (wasLoaded) void loadTagLoader().then((loader) => loader.unloadTags(brand));
}

/**
 * The root layout's tracking: starts during its render (client only, once), so that Consent Mode's
 * defaults precede any event the page's own effects report; follows later answers (an "allow" loads
 * the tags, a withdrawal stops them) and reports client-side page changes to the loaded tags.
 */
export function useConsentTracking(brand: TrackingConfig | undefined): void {
  useState(() => {
    if (typeof window !== 'undefined' && brand) start(brand);
    return null;
  });
  useEffect(() => {
    if (!brand) return;
    return consentStore.subscribe(() => {
      const { choice } = consentStore.get();
      if (choice === 'all') start(brand);
      else if (choice === 'necessary') withdraw(brand);
    });
  }, [brand]);
  const { pathname, search } = useLocation();
  const address = `${pathname}${search}`;
  const reportedAddress = useRef<string | null>(null);
  useEffect(() => {
    // The first page's view goes with the tags' configuration; later ones are client-side navigations.
    const previous = reportedAddress.current;
    reportedAddress.current = address;
    if (previous === null || previous === address) return;
    if (phase === 'loaded' && brand) void loadTagLoader().then((loader) => loader.trackPageView(brand));
  }, [address, brand]);
}
