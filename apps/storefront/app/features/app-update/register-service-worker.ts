import { Workbox } from 'workbox-window';
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
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox(serviceWorkerUrl, { scope: '/' });
  let destination: string | null = null;
  // Set once register() answers; 'waiting' can fire (and a link be followed) before that.
  let registration: ServiceWorkerRegistration | undefined;

  workbox.addEventListener('controlling', () => {
    // Only a take-over this page asked for reloads it. The first install's take-over does not, and
    // neither does one another tab asked for: that tab's visitor chose, this one's may be typing.
    if (destination !== null) load(destination);
  });

  workbox.addEventListener('waiting', () => {
    const activate = (nextUrl?: string) => {
      destination = nextUrl ?? window.location.href;
      const target = destination;
      if (registration && !registration.waiting) {
        // Another tab activated it already: this page only needs loading again.
        load(target);
      } else {
        workbox.messageSkipWaiting();
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
  });

  registration = await workbox.register();
  // A tab left open for days still learns of a deploy; the browser itself checks on every page load.
  setInterval(() => void workbox.update().catch(() => {}), updateCheckIntervalMs);
}

let isLoading = false;

function load(url: string): void {
  if (isLoading) return;
  isLoading = true;
  if (url === window.location.href) window.location.reload();
  else window.location.assign(url);
}
