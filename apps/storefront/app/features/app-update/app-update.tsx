import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { chunkLoadTimeoutMs } from './app-update-settings.ts';
import { showChunkLoadFailure } from './chunk-load.ts';
import { activateWaitingUpdate } from './waiting-update.ts';

/** Registration waits for an idle moment after hydration, itself after the first paint (decision 009). */
const idleTimeoutMs = 5_000;

/**
 * The app-update part of the page shell (renders nothing): registers the service worker once the page
 * is interactive and idle, takes a waiting new version on the next navigation, and tells the visitor
 * when a navigation's code does not arrive within SPEC §9's chunk time-out. Its own component, so that
 * the navigation state re-renders this and not the layout.
 */
export function AppUpdate() {
  const navigation = useNavigation();
  const isNavigating = navigation.state !== 'idle';
  // A link followed (not a form sent) while a new version waits: load its target in the new version.
  const nextUrl =
    navigation.state === 'loading' && !navigation.formMethod
      ? new URL(
          `${navigation.location.pathname}${navigation.location.search}${navigation.location.hash}`,
          window.location.href,
        ).href
      : null;

  useEffect(() => {
    // The development server (Vite) has no worker build; a worker there would serve stale modules.
    if (!import.meta.env.PROD) return;
    let isCancelled = false;
    const start = () => {
      if (!isCancelled)
        void import('./register-service-worker.ts').then((module) => module.registerServiceWorker());
    };
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: idleTimeoutMs });
    else setTimeout(start, 1_000);
    return () => {
      isCancelled = true;
    };
  }, []);

  useEffect(() => {
    // Vite's own signal that a lazy part's files failed to load (its error still reaches the part).
    window.addEventListener('vite:preloadError', showChunkLoadFailure);
    return () => window.removeEventListener('vite:preloadError', showChunkLoadFailure);
  }, []);

  useEffect(() => {
    if (nextUrl) activateWaitingUpdate(nextUrl);
  }, [nextUrl]);

  useEffect(() => {
    if (!isNavigating) return;
    // A route's code (or data) that has not come in 120 s will not come: offer a reload.
    const timer = setTimeout(showChunkLoadFailure, chunkLoadTimeoutMs);
    return () => clearTimeout(timer);
  }, [isNavigating]);

  return null;
}
