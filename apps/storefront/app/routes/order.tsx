import { useLocation, useParams } from 'react-router';
import { OrderScreen } from '#app/features/orders/components/order-screen.tsx';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

/** /complete/:id/:key and /view/:id/:key: one screen (SPEC §2), rendered in the browser. */
export const meta = privatePageMeta('order.title');
export const headers = privatePageHeaders;

export default function OrderRoute() {
  const { id = '', key = '' } = useParams();
  const isPurchaseEnd = useLocation().pathname.startsWith('/complete/');
  return <OrderScreen orderId={id} orderKey={key} isPurchaseEnd={isPurchaseEnd} />;
}
