import { type ProviderName, ProviderUnavailableError } from '#src/modules/payments/payment-provider.ts';
import { insertPayment, type PaymentRow } from '#src/modules/payments/payments.repository.ts';
import type { Caller, CheckoutDeps } from './checkout-context.ts';
import type { CheckoutRefusal } from './checkout-refusals.ts';
import type { OrderRow } from './orders.repository.ts';
import type { Step } from './workflow.ts';

type StartInput = { deps: CheckoutDeps; caller: Caller; order: OrderRow; provider: ProviderName };

/**
 * Step: asks the provider for a payment on an order just closed with it (the page where the buyer
 * approves) and records the attempt. The provider's create call carries a request id fixed per closing,
 * so a retry finds the payment it made before. It has no compensation: a payment nobody approved moves
 * no money and lapses at the provider; undoing the close (the order back to the cart) is the closing
 * step's compensation.
 */
export const startProviderPayment: Step<StartInput, PaymentRow | null | CheckoutRefusal> = {
  name: 'start-provider-payment',
  async run({ deps, caller, order, provider }) {
    const orderId = order.id;
    const back = `${caller.origin}/checkout/authorize?provider=${provider}&orderId=${orderId}`;
    try {
      const created = await deps.providers[provider].createPayment({
        orderId,
        amountCents: order.total_cents,
        currency: order.currency,
        returnUrl: back,
        cancelUrl: `${back}&cancelled=1`,
        requestId: `order-${orderId}-${order.closed_at?.getTime() ?? 0}`,
        locale: caller.locale,
        description: `${caller.brand.name} #${orderId}`,
      });
      return await insertPayment(deps.db, {
        order_id: orderId,
        provider,
        provider_reference: created.reference,
        amount_cents: order.total_cents,
        currency: order.currency,
        approval_url: created.approvalUrl,
      });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        return { refusal: 'provider-unavailable', provider, during: 'create' };
      }
      throw error;
    }
  },
};
