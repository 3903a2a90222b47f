import type { Config } from '#src/config.ts';
import type { Database } from '#src/db/client.ts';
import { createAmazonPayProvider } from './amazonpay/amazonpay-provider.ts';
import type { PaymentProviders } from './payment-provider.ts';
import { createPayPalProvider } from './paypal/paypal-provider.ts';
import { createSandboxProviders } from './sandbox/sandbox-providers.ts';

/**
 * The providers the order service talks to: the built-in simulator in sandbox mode (the default, so a
 * purchase works offline), PayPal and Amazon Pay themselves in live mode (credentials checked by config).
 */
export function createPaymentProviders(config: Config, db: Database): PaymentProviders {
  const { payments } = config;
  if (payments.mode === 'sandbox') return createSandboxProviders(db);
  return {
    paypal: createPayPalProvider({ ...payments.paypal, timeoutMs: payments.timeoutMs }),
    amazonpay: createAmazonPayProvider({ ...payments.amazonPay, timeoutMs: payments.timeoutMs }),
  };
}
