import type { PaymentType } from '@shop/contracts/orders';
import { api, type BodyOf, newRequestId } from '#app/lib/api-client.ts';

/** The checkout's calls (SPEC §4 order flow): customer data → prepare → close; then the provider's return. */

type Access = { orderId: number; key: string };

/** PUT /api/order/customer: the customer request as `customerRequestSchema` describes it. */
export const saveCustomer = (request: BodyOf<'PUT /api/order/customer'>) =>
  api('PUT /api/order/customer', { action: 'customer', body: request });

/**
 * POST /api/guard/number: the brand's verdict on a membership number. A background check: if it fails
 * (offline), the order's customer call checks the number again anyway.
 */
export const checkMembershipNumber = (number: string) =>
  api('POST /api/guard/number', { action: 'lookup', isSilent: true, body: { number } });

/** GET /api/order/prepare: the server checks stock, prices and codes, and adjusts the order. */
export const prepareOrder = (access: Access) =>
  api('GET /api/order/prepare/{id}/{key}', {
    action: 'prepare',
    params: { id: access.orderId, key: access.key },
  });

/**
 * PUT /api/order/close with a fresh Idempotency-Key per click-attempt, and the total the buyer saw when
 * they clicked: if the order's total is another one by now, the server answers 409 cart-changed.
 */
export const closeOrder = (access: Access, paymentType: PaymentType, confirmedTotal: number) =>
  api('PUT /api/order/close', {
    action: 'close',
    body: { ...access, paymentType, confirmedTotal },
    idempotencyKey: newRequestId(),
  });

/** PayPal sent the customer back: capture the approved PayPal order. */
export const completePayPal = (access: Access, payPalOrderId: string) =>
  api('POST /api/order/paypal-transaction', { action: 'authorize', body: { ...access, payPalOrderId } });

/** Amazon Pay sent the customer back: complete the checkout session. */
export const completeAmazonPay = (access: Access, amazonCheckoutSessionId: string) =>
  api('POST /api/order/amazonpay-complete', {
    action: 'authorize',
    body: { ...access, amazonCheckoutSessionId },
  });
