import { AuthorizeScreen } from '#app/features/checkout/components/authorize-screen.tsx';
import { checkoutChrome } from '#app/lib/page-chrome.ts';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

/** /checkout/authorize: where PayPal and Amazon Pay send the customer back. */
export const meta = privatePageMeta('checkout.authorize.title');
export const headers = privatePageHeaders;
/** The checkout's reduced top bar (root layout): the way out is the logo, help is the support line. */
export const handle = checkoutChrome;

export default function CheckoutAuthorizeRoute() {
  return <AuthorizeScreen />;
}
