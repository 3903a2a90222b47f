import { CheckoutScreen } from '#app/features/checkout/components/checkout-screen.tsx';
import { checkoutChrome } from '#app/lib/page-chrome.ts';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

/** /checkout: rendered in the browser (the cart lives there); the server sends the frame. */
export const meta = privatePageMeta('checkout.title');
export const headers = privatePageHeaders;
/** The checkout's reduced top bar (root layout): the way out is the logo, help is the support line. */
export const handle = checkoutChrome;

export default function CheckoutRoute() {
  return <CheckoutScreen />;
}
