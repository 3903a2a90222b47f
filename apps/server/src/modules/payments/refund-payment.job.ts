import type { Database } from '#src/db/client.ts';
import type { JobDefinition, JobQueue } from '#src/modules/jobs/job-queue.ts';
import type { PaymentProviders } from './payment-provider.ts';
import { findPayment, markRefunded, markRefundPending } from './payments.repository.ts';

export const refundPaymentJob = 'payments.refund';

type RefundData = { paymentId: number; amountCents: number; currency: string };

/**
 * Gives a capture back by a job queued in the caller's transaction, together with the payment's
 * refund-pending status: a refund the provider refuses or does not answer is retried, and the payment
 * says 'refunded' only once the provider confirmed it. Nothing is queued for a payment that was booked.
 */
export async function queueRefund(
  tx: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  paymentId: number,
  capture: { captureId: string; amountCents: number; currency: string },
): Promise<void> {
  if (!(await markRefundPending(tx, paymentId, capture.captureId))) return;
  await jobs.enqueue(tx, refundPaymentJob, {
    paymentId,
    amountCents: capture.amountCents,
    currency: capture.currency,
  } satisfies RefundData);
}

/** Runs a queued refund; the request id makes a retry the same refund at the provider. */
export function refundJobDefinition(deps: {
  db: Database;
  providers: PaymentProviders;
}): JobDefinition<RefundData> {
  return {
    name: refundPaymentJob,
    retryLimit: 10,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    async run({ paymentId, amountCents, currency }) {
      const payment = await findPayment(deps.db, paymentId);
      if (payment?.status !== 'refund-pending' || !payment.capture_id) return;
      await deps.providers[payment.provider].refund({
        captureId: payment.capture_id,
        amountCents,
        currency,
        requestId: `refund-${payment.id}`,
      });
      await markRefunded(deps.db, payment.id);
    },
  };
}
