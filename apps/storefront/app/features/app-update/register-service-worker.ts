import { showToast } from '#app/lib/toasts.ts';
import { serviceWorkerUrl, updateCheckIntervalMs } from './app-update-settings.ts';
import { setWaitingUpdate } from './waiting-update.ts';

/** If the new worker never takes over (it failed to activate), the page reloads in the old one. */
const takeOverTimeoutMs = 5_000;

/**
 * Registers the service worker (loaded after the page is interactive: app-update.tsx) and offers each
 * new version (SPEC §4): a deploy makes a new worker (vite.config.ts), which waits; the page shows
 * "new version available" with a button, and the next navigation takes it too. Either activates the
 * waiting worker (SKIP_WAITING) and loads the page again once the new worker controls it. Nothing
 * reloads by itself while the visitor stays on a page: a half-filled form is never lost to an update.
 *
 * The browser's own API, not workbox-window: this is all of what we used of it, and it was 2.5 KB gzip
 * that every first visit fetched.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  let destination: string | null = null;
  let offered: ServiceWorker | null = null;

  workers.addEventListener('controllerchange', () => {
    // Only a take-over this page asked for reloads it. The first install's take-over does not, and
    // neither does one another tab asked for: that tab's visitor chose, this one's may be typing.
    if (destination !== null) load(destination);
  });

  const registration = await workers.register(serviceWorkerUrl, { scope: '/' });

  const offer = (waiting: ServiceWorker) => {
    // A page with no worker yet is the first install: that one takes over by itself, nothing to offer.
    if (!workers.controller || offered === waiting) return;
    offered = waiting;
    const activate = (nextUrl?: string) => {
      destination = nextUrl ?? window.location.href;
      const target = destination;
      if (!registration.waiting) {
        // Another tab activated it already: this page only needs loading again.
        load(target);
      } else {
        registration.waiting.postMessage({ type: 'SKIP_WAITING' });
        setTimeout(() => load(target), takeOverTimeoutMs);
      }
    };
    setWaitingUpdate(activate);
    showToast({
      tone: 'success',
      parts: [{ key: 'app.updateAvailable' }],
      // Until the visitor decides (WCAG 2.2.1): the button is the point of this toast.
      durationMs: Number.POSITIVE_INFINITY,
      action: { key: 'app.reloadNow', run: () => activate() },
    });
  };
  const watch = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  };

  // A version that was already waiting when this page opened (a deploy seen by an earlier page).
  if (registration.waiting) offer(registration.waiting);
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  // A tab left open for days still learns of a deploy; the browser itself checks on every page load.
  setInterval(() => void registration.update().catch(() => {}), updateCheckIntervalMs);
}

let isLoading = false;

function load(url: string): void {
  if (isLoading) return;
  isLoading = true;
  if (url === window.location.href) window.location.reload();
  else window.location.assign(url);
}
