import { AuthorizeScreen } from '#app/features/checkout/components/authorize-screen.tsx';
import { privatePageMeta } from '#app/lib/private-page-meta.ts';

/** /checkout/authorize: where PayPal and Amazon Pay send the customer back. */
export const meta = privatePageMeta('checkout.authorize.title');

export default function CheckoutAuthorizeRoute() {
  return <AuthorizeScreen />;
}
