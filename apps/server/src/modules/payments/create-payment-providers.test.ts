import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { createPaymentProviders } from './create-payment-providers.ts';
import { createAmazonPayTestKeys } from './testing/amazonpay-stub.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const input = {
  orderId: 1,
  amountCents: 100,
  currency: 'EUR',
  returnUrl: '/r',
  cancelUrl: '/c',
  requestId: 'factory-1',
  locale: 'en' as const,
  description: 'x',
};

describe('createPaymentProviders', () => {
  it('answers the simulator in sandbox mode', async () => {
    const providers = createPaymentProviders(loadConfig({ PAYMENTS_MODE: 'sandbox' }), database.db);
    expect(providers.paypal.name).toBe('paypal');
    expect(providers.amazonpay.name).toBe('amazonpay');
    expect((await providers.paypal.createPayment(input)).approvalUrl).toMatch(/^\/sandbox\/paypal\/SBX-PP-/);
  });

  it('answers the real adapters in live mode', async () => {
    const config = loadConfig({
      PAYMENTS_MODE: 'live',
      PAYPAL_API_URL: 'http://127.0.0.1:1',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH1',
      AMAZONPAY_PUBLIC_KEY_ID: 'LIVE-KEY',
      // As an env file carries it: one line with literal \n.
      AMAZONPAY_PRIVATE_KEY: createAmazonPayTestKeys().privateKeyPem.replaceAll('\n', '\\n'),
      AMAZONPAY_STORE_ID: 'store',
      AMAZONPAY_MERCHANT_ID: 'merchant',
      PAYMENT_TIMEOUT_MS: '200',
    });
    const providers = createPaymentProviders(config, database.db);
    expect(providers.paypal.name).toBe('paypal');
    expect(providers.amazonpay.name).toBe('amazonpay');
    // Nothing listens there: the real adapter tried the network instead of the simulator.
    await expect(providers.paypal.createPayment(input)).rejects.toThrow(/PayPal token is unreachable/);
  });
});
