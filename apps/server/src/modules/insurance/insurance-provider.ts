import type { InsuranceType, Traveller } from '@shop/contracts/insurance';
import type { Locale } from '@shop/contracts/locale';

/**
 * One interface for every insurer the shop sells travel insurance of (like payments/payment-provider.ts).
 * The shop owns the policy row and its state; a provider quotes and books. The premium is billed by the
 * insurer to the policy holder: it is never added to the shop order's total.
 */
export type InsuranceProviderName = 'sandbox';

export type InsuranceQuoteInput = {
  type: InsuranceType;
  /** What the voucher cost: the insured trip value. */
  tripValueCents: number;
  nights: number;
  persons: number;
  /** The brand's contracted tariff table (brand config `insurance.tariffs`). */
  tariffs: readonly { upToCents: number; cancellationCents: number; curtailmentCents: number }[];
};

/** null: the insurer offers no cover for this trip (no band for its value). */
export type InsuranceQuote = { premiumCents: number; currency: 'EUR'; coveredDays: number | null } | null;

export type InsuranceBookInput = InsuranceQuoteInput & {
  /** Idempotency key: the same key books at most one policy, however often it is sent. */
  requestId: string;
  premiumCents: number;
  coveredDays: number | null;
  travellers: Traveller[];
  locale: Locale;
  /** The insured voucher, for the insurer's records. */
  voucherCode: string;
};

export type InsuranceBookResult =
  | { status: 'booked'; policyNumber: string }
  /** The insurer refused (risk check, sanctions list, data it cannot accept): nothing was booked. */
  | { status: 'declined'; reason: string };

/** The insurer did not answer in time or failed: the outcome is unknown (it may have booked). */
export class InsuranceUnavailableError extends Error {
  override name = 'InsuranceUnavailableError';
}

export interface InsuranceProvider {
  readonly name: InsuranceProviderName;
  quote(input: InsuranceQuoteInput): Promise<InsuranceQuote>;
  /** Aborted through `signal` when the shop stops waiting; a provider should stop its call then. */
  book(input: InsuranceBookInput, signal: AbortSignal): Promise<InsuranceBookResult>;
}
