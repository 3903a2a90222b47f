import type { Order, PaymentType, ValidationResult } from '@shop/contracts/orders';
import { newRequestId, orderRequest } from '#app/lib/orders/order-client.ts';

/** The checkout's calls (SPEC §4 order flow): customer data → prepare → close; then the provider's return. */

type Access = { orderId: number; key: string };
type CloseAnswer = { order: Order; redirectUrl: string | null };

const orderPath = (access: Access) => `${access.orderId}/${encodeURIComponent(access.key)}`;

/** PUT /api/order/customer: the customer request as `customerRequestSchema` describes it. */
export const saveCustomer = (request: Access & Record<string, unknown>) =>
  orderRequest<Order>('customer', 'PUT', '/api/order/customer', request);

/** GET /api/order/prepare: the server checks stock, prices and codes, and adjusts the order. */
export const prepareOrder = (access: Access) =>
  orderRequest<ValidationResult>('prepare', 'GET', `/api/order/prepare/${orderPath(access)}`);

/** PUT /api/order/close with a fresh Idempotency-Key per click-attempt. */
export const closeOrder = (access: Access, paymentType: PaymentType) =>
  orderRequest<CloseAnswer>(
    'close',
    'PUT',
    '/api/order/close',
    { ...access, paymentType },
    { idempotencyKey: newRequestId() },
  );

/** PayPal sent the customer back: capture the approved PayPal order. */
export const completePayPal = (access: Access, payPalOrderId: string) =>
  orderRequest<Order>('authorize', 'POST', '/api/order/paypal-transaction', { ...access, payPalOrderId });

/** Amazon Pay sent the customer back: complete the checkout session. */
export const completeAmazonPay = (access: Access, amazonCheckoutSessionId: string) =>
  orderRequest<Order>('authorize', 'POST', '/api/order/amazonpay-complete', {
    ...access,
    amazonCheckoutSessionId,
  });
