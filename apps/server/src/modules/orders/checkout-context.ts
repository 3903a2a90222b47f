import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsConfig } from '#src/config.ts';
import type { Database } from '#src/db/client.ts';
import type { PaymentProviders } from '#src/modules/payments/payment-provider.ts';
import type { Shopper } from './order-access.ts';
import type { CodeOwnerGuard } from './order-holds.ts';
import type { FulfilmentDeps } from './order-paid.ts';

/** What closing and paying orders need, and who asks (SPEC §4 "Order flow", DESIGN.md "Payments"). */

export type CheckoutDeps = FulfilmentDeps & {
  db: Database;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  providers: PaymentProviders;
  payments: PaymentsConfig;
};

/** Every order call proves access with the order's id and key. */
export type Access = { orderId: number; key: string };

/** The caller's origin (https://brand.example): provider pages send the customer back there. */
export type Caller = Shopper & {
  origin: string;
  /** The signed-in customer closing the order, who then owns it. */
  customerId?: string | null;
  /** The client's IP address (TRUST_PROXY decides whether X-Forwarded-For counts): limits per client. */
  clientIp?: string;
  /** Limits how often this caller learns that an address has used a once-per-customer code. */
  codeOwnerGuard?: CodeOwnerGuard;
};
