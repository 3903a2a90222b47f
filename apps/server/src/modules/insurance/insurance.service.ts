import { randomUUID } from 'node:crypto';
import {
  type InsuranceBookRequest,
  type InsuranceDocumentKind,
  type InsuranceOffer,
  type InsurancePolicy,
  type InsuranceType,
  insuranceBookRequestSchema,
  insuranceDocumentUrl,
  insuranceTypes,
  type Traveller,
  travellerFields,
} from '@shop/contracts/insurance';
import type { Locale } from '@shop/contracts/locale';
import { toPrice } from '@shop/contracts/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import type { BrandLogos } from '#src/modules/brands/brand-logo.ts';
import type { JobQueue } from '#src/modules/jobs/job-queue.ts';
import { queueOrderMail } from '#src/modules/mail/mail-outbox.ts';
import { loadOrder, type Shopper } from '#src/modules/orders/order-access.ts';
import type { OrderRow } from '#src/modules/orders/orders.repository.ts';
import {
  type BookingAttempt,
  deleteBooking,
  findBookedPolicyByNumber,
  findInsurableVoucher,
  findPolicy,
  type InsurableVoucher,
  insertBooking,
  listBookedPolicies,
  listVoucherGuests,
  markBooked,
  type PolicyRow,
  restartBooking,
} from './insurance.repository.ts';
import { type InsuranceProvider, InsuranceUnavailableError } from './insurance-provider.ts';
import { brandInsurance, type InsuranceSettings, travellerDefaults } from './insurance-rules.ts';
import { policyPdfUrl, renderInsuranceDocument, renderPolicyPdf } from './policy-document.ts';

export type InsuranceDeps = {
  db: Database;
  jobs: Pick<JobQueue, 'enqueue'>;
  brandConfigs: Pick<BrandConfigs, 'get'>;
  brandLogos: BrandLogos;
  provider: InsuranceProvider;
  /** How long the insurer may take to book (app.ts: PAYMENT_TIMEOUT_MS, the limit of every provider call; short in tests). */
  timeoutMs: number;
  log: FastifyBaseLogger;
};

type Access = { orderId: number; key: string };

const policyMailKind = 'insurance-policy';

/** A brand without `insurance` in its config offers none: every insurance call is a 404. */
async function settingsOf(deps: InsuranceDeps, shopper: Shopper): Promise<InsuranceSettings> {
  const settings = brandInsurance(await deps.brandConfigs.get(shopper.brand.short));
  if (!settings) throw new HttpProblem(404, 'feature-disabled', 'insurance');
  return settings;
}

/** The order (wrong key: the same 404 as a missing order) and the voucher, which must be paid for. */
async function paidVoucher(
  deps: InsuranceDeps,
  shopper: Shopper,
  access: Access,
  voucherId: number,
): Promise<{ order: OrderRow; voucher: InsurableVoucher }> {
  const order = await loadOrder(deps.db, shopper, access.orderId, access.key);
  // Vouchers exist once an order is paid; one whose order is not (or no longer) paid is not insured.
  if (order.status !== 'paid')
    throw new HttpProblem(409, 'voucher-not-paid', `order ${order.id} is ${order.status}`);
  const voucher = await findInsurableVoucher(deps.db, order.id, voucherId, shopper.locale);
  if (!voucher) throw new HttpProblem(404, 'not-found', 'voucher');
  return { order, voucher };
}

function presentPolicy(row: PolicyRow, access: Access, locale: Locale): InsurancePolicy {
  const policyNumber = row.policy_number as string;
  return {
    policyNumber,
    type: row.type,
    voucherId: row.voucher_id,
    premium: toPrice(row.premium_cents, locale),
    travellerCount: row.travellers.length,
    coveredDays: row.covered_days,
    bookedAt: (row.booked_at ?? row.created_at).toISOString(),
    pdfUrl: policyPdfUrl(access, policyNumber),
  };
}

const quoteInput = (voucher: InsurableVoucher, settings: InsuranceSettings, type: InsuranceType) => ({
  type,
  tripValueCents: voucher.unit_price_cents,
  nights: voucher.nights,
  persons: voucher.persons,
  tariffs: settings.tariffs,
});

/** GET /api/insurance/quote: both types' premiums for a paid voucher, and its policies booked so far. */
export async function quoteInsurance(
  deps: InsuranceDeps,
  shopper: Shopper,
  access: Access,
  voucherId: number,
): Promise<InsuranceOffer> {
  const settings = await settingsOf(deps, shopper);
  const { order, voucher } = await paidVoucher(deps, shopper, access, voucherId);
  const { locale } = shopper;
  const options: InsuranceOffer['options'] = [];
  for (const type of insuranceTypes) {
    const quote = await deps.provider.quote(quoteInput(voucher, settings, type));
    if (quote) {
      options.push({
        type,
        premium: toPrice(quote.premiumCents, locale),
        // The tariffs price a voucher by its value: one premium for all its travellers.
        premiumBasis: 'voucher',
        sumInsured: toPrice(voucher.unit_price_cents, locale),
        coveredDays: quote.coveredDays,
        documents: {
          productSheet: insuranceDocumentUrl(locale, type, 'product-sheet'),
          conditions: insuranceDocumentUrl(locale, type, 'conditions'),
        },
      });
    }
  }
  const policies = await listBookedPolicies(deps.db, access.orderId, voucher.id);
  const guests = await listVoucherGuests(deps.db, order.id);
  const { name, address, invoiceWithinDays, paymentTermDays } = settings.insurer;
  return {
    voucherId: voucher.id,
    persons: voucher.persons,
    nights: voucher.nights,
    insurer: { name, address, invoiceWithinDays, paymentTermDays },
    options,
    travellers: travellerDefaults({
      persons: voucher.persons,
      locale,
      customer: order.customer_data,
      voucherGuest: guests.find((guest) => guest.voucherId === voucher.id) ?? null,
      otherGuests: guests.filter((guest) => guest.voucherId !== voucher.id),
    }),
    policies: policies.map((row) => presentPolicy(row, access, locale)),
  };
}

const tooManyTravellers: Record<Locale, (max: number) => string> = {
  de: (max) => `Dieser Gutschein gilt für höchstens ${max} ${max === 1 ? 'Person' : 'Personen'}.`,
  en: (max) => `This voucher is for at most ${max} ${max === 1 ? 'person' : 'persons'}.`,
  it: (max) => `Questo voucher vale al massimo per ${max} ${max === 1 ? 'persona' : 'persone'}.`,
};

/** Travellers as compared and stored: the contract's fields in its order (jsonb keeps no key order). */
const canonical = (travellers: Traveller[]) =>
  JSON.stringify(travellers.map((traveller) => travellerFields.map((field) => traveller[field])));

/**
 * POST /api/insurance/book. The insurer is called outside any transaction: first a `booking` row with
 * the idempotency key it gets, then the call, then (in one transaction) `booked` with its policy number
 * and the confirmation mail in the outbox. A booked voucher and type answers its policy again
 * (idempotent: a repeated click or a retry after a lost answer must not insure twice). A decline
 * removes the attempt; a time-out keeps it, so a retry with the same travellers sends the same key
 * and the insurer answers the policy it may have booked rather than a second one.
 */
export async function bookInsurance(
  deps: InsuranceDeps,
  shopper: Shopper,
  input: InsuranceBookRequest,
): Promise<InsurancePolicy> {
  const request = insuranceBookRequestSchema.parse(input);
  const access = { orderId: request.orderId, key: request.key };
  const settings = await settingsOf(deps, shopper);
  const { order, voucher } = await paidVoucher(deps, shopper, access, request.voucherId);
  if (request.travellers.length > voucher.persons) {
    const message = tooManyTravellers[shopper.locale](voucher.persons);
    throw new HttpProblem(400, 'validation-error', message, [{ field: 'travellers', message }]);
  }

  let row = await findPolicy(deps.db, voucher.id, request.type);
  if (row?.status === 'booked') return presentPolicy(row, access, shopper.locale);

  const quote = await deps.provider.quote(quoteInput(voucher, settings, request.type));
  if (!quote) throw new HttpProblem(422, 'insurance-declined', 'no tariff for this voucher value');
  const travellers = request.travellers.map(
    (traveller) => Object.fromEntries(travellerFields.map((field) => [field, traveller[field]])) as Traveller,
  );
  const attempt: BookingAttempt = {
    orderId: order.id,
    voucherId: voucher.id,
    type: request.type,
    provider: deps.provider.name,
    idempotencyKey: randomUUID(),
    premiumCents: quote.premiumCents,
    coveredDays: quote.coveredDays,
    travellers,
    locale: shopper.locale,
  };
  if (!row) {
    row = (await insertBooking(deps.db, attempt)) ?? (await findPolicy(deps.db, voucher.id, request.type));
  } else if (canonical(row.travellers) !== canonical(travellers)) {
    // An unfinished attempt with other travellers: the new data goes out under a new key.
    row =
      (await restartBooking(deps.db, row, attempt)) ?? (await findPolicy(deps.db, voucher.id, request.type));
  }
  if (!row) throw new Error(`insurance booking for voucher ${voucher.id} vanished`);
  if (row.status === 'booked') return presentPolicy(row, access, shopper.locale);

  const result = await bookWithTimeout(deps, {
    ...quoteInput(voucher, settings, row.type),
    requestId: row.idempotency_key,
    premiumCents: row.premium_cents,
    coveredDays: row.covered_days,
    travellers: row.travellers,
    locale: row.locale,
    voucherCode: voucher.code,
  });
  if (result.status === 'unavailable') {
    // Ids only: the travellers' names stay out of the log.
    deps.log.warn(
      { policyId: row.id, orderId: order.id },
      'insurer did not answer in time; booking kept for a retry',
    );
    throw new HttpProblem(503, 'service-unavailable', 'the insurer did not answer in time');
  }
  if (result.status === 'declined') {
    await deleteBooking(deps.db, row);
    deps.log.info({ policyId: row.id, orderId: order.id }, 'insurer declined a policy');
    throw new HttpProblem(422, 'insurance-declined', 'the insurer declined the policy');
  }

  const booking = row;
  const booked = await deps.db.transaction(async (tx) => {
    const policy = await markBooked(tx, booking, result.policyNumber);
    if (policy) {
      await queueOrderMail(tx, deps.jobs, order.id, policyMailKind, {
        dedupeKey: `${policyMailKind}:${policy.id}`,
        payload: { policyId: policy.id },
      });
    }
    return policy;
  });
  // Another request with the same key booked it a moment earlier: its policy is this one.
  const policy = booked ?? (await findPolicy(deps.db, voucher.id, request.type));
  // Another request took the attempt over with other travellers meanwhile (two forms sent at once):
  // that one decides; this one is told the voucher changed under it.
  if (policy?.status !== 'booked')
    throw new HttpProblem(409, 'order-conflict', 'another booking of this voucher is in progress');
  return presentPolicy(policy, access, shopper.locale);
}

type BookOutcome =
  | { status: 'booked'; policyNumber: string }
  | { status: 'declined' }
  | { status: 'unavailable' };

/** The insurer's answer, or `unavailable` when it fails or takes longer than `timeoutMs`. */
async function bookWithTimeout(
  deps: InsuranceDeps,
  input: Parameters<InsuranceProvider['book']>[0],
): Promise<BookOutcome> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<BookOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ status: 'unavailable' });
    }, deps.timeoutMs);
  });
  try {
    // Raced as well as aborted: a provider that ignores the signal still cannot hold the request.
    return await Promise.race([
      deps.provider
        .book(input, controller.signal)
        .then(
          (result): BookOutcome =>
            result.status === 'booked'
              ? { status: 'booked', policyNumber: result.policyNumber }
              : { status: 'declined' },
        ),
      timedOut,
    ]);
  } catch (error) {
    if (error instanceof InsuranceUnavailableError || controller.signal.aborted)
      return { status: 'unavailable' };
    deps.log.error({ err: error }, 'insurer call failed');
    return { status: 'unavailable' };
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/insurance/policy/{id}/{key}/{policyNumber}.pdf: the order's key opens it, like the vouchers. */
export async function downloadPolicy(
  deps: InsuranceDeps,
  shopper: Shopper,
  access: Access,
  policyNumber: string,
): Promise<PDFKit.PDFDocument> {
  const order = await loadOrder(deps.db, shopper, access.orderId, access.key);
  const policy = await findBookedPolicyByNumber(deps.db, order.id, policyNumber);
  if (!policy) throw new HttpProblem(404, 'not-found', 'policy');
  const config = await deps.brandConfigs.get(shopper.brand.short);
  const document = await renderPolicyPdf(
    { db: deps.db, brandLogos: deps.brandLogos },
    // In the language it was booked in, like the copy the confirmation mail carries (issue 24).
    { policy, orderId: order.id, brand: shopper.brand, config, locale: policy.locale },
  );
  if (!document) throw new HttpProblem(404, 'not-found', 'policy');
  return document;
}

/**
 * GET /api/insurance/documents/{locale}/{type}/{kind}.pdf: the product information sheet or the
 * conditions of a tariff, from the brand's insurance settings; public (the buyer reads them before
 * booking, and keeps them). A brand without insurance: 404 like every insurance call.
 */
export async function insuranceDocument(
  deps: Pick<InsuranceDeps, 'brandConfigs' | 'provider'>,
  shopper: Shopper,
  input: { locale: Locale; type: InsuranceType; kind: InsuranceDocumentKind },
): Promise<PDFKit.PDFDocument> {
  const document = renderInsuranceDocument({
    ...input,
    config: await deps.brandConfigs.get(shopper.brand.short),
    origin: shopper.brand.origin,
    specimen: deps.provider.name === 'sandbox',
  });
  if (!document) throw new HttpProblem(404, 'feature-disabled', 'insurance');
  return document;
}
