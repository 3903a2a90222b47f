import { CheckoutScreen } from '#app/features/checkout/components/checkout-screen.tsx';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

/** /checkout: rendered in the browser (the cart lives there); the server sends the frame. */
export const meta = privatePageMeta('checkout.title');
export const headers = privatePageHeaders;

export default function CheckoutRoute() {
  return <CheckoutScreen />;
}
