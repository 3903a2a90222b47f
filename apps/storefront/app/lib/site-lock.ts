import { createStore } from './store.ts';

/**
 * SPEC §4 site lock for API calls: every non-silent request counts while it runs; the layout shows
 * the loading overlay while the count is above zero (navigations lock the site on their own).
 */
export const pendingRequests = createStore(0);

export async function withSiteLock<T>(work: () => Promise<T>): Promise<T> {
  pendingRequests.set((count) => count + 1);
  try {
    return await work();
  } finally {
    pendingRequests.set((count) => count - 1);
  }
}
