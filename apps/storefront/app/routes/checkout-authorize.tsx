import { AuthorizeScreen } from '#app/features/checkout/components/authorize-screen.tsx';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

/** /checkout/authorize: where PayPal and Amazon Pay send the customer back. */
export const meta = privatePageMeta('checkout.authorize.title');
export const headers = privatePageHeaders;

export default function CheckoutAuthorizeRoute() {
  return <AuthorizeScreen />;
}
