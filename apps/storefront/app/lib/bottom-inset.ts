import { createStore } from './store.ts';

/**
 * How far up from the viewport's bottom edge a fixed bar covers the page (the cookie banner while it
 * asks), in pixels. Fixed UI that must stay clear of it (the toasts) reads it here.
 *
 * The stylesheet takes it as `--cookie-banner-height`, a registered custom property that is not
 * inherited, set on each element that uses it: an inherited variable changed on <html> would make the
 * browser restyle every element of the page (about 6 ms on a slow phone, in the task after hydration).
 */
export const bottomInsetStore = createStore(0);
