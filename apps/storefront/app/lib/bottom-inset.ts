import { createStore } from './store.ts';

/**
 * How far up from the viewport's bottom edge a fixed bar covers the page (the cookie banner while it
 * asks), in pixels. Fixed UI that must stay clear of it (the toasts) reads it here.
 *
 * The stylesheet takes it as `--cookie-banner-height`, a registered custom property that is not
 * inherited, set on each element that uses it: an inherited variable changed on <html> would make the
 * browser restyle every element of the page (4–6 ms on this machine, four times that on Lighthouse's
 * phone, in the frame after hydration).
 */
export const bottomInsetStore = createStore(0);
