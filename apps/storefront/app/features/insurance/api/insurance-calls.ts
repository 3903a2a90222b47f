import type { InsuranceBookRequest, InsuranceOffer, InsurancePolicy } from '@shop/contracts/insurance';
import { type ApiResult, api, newRequestId } from '#app/lib/api-client.ts';

/** The id and key of an order, as its page's address has them. */
export type InsuranceAccess = { orderId: string; orderKey: string };

/** Both types' premiums for a voucher and its policies so far, read in the background (no overlay, no toast). */
export function getInsuranceOffer(
  access: InsuranceAccess,
  voucherId: number,
): Promise<ApiResult<InsuranceOffer>> {
  return api('GET /api/insurance/quote/{id}/{key}/{voucherId}', {
    action: 'lookup',
    params: { id: access.orderId, key: access.orderKey, voucherId },
    isSilent: true,
    auth: 'none',
  });
}

/**
 * SPEC §7 POST /api/insurance/book. The form words every outcome itself (field messages, a decline, the
 * insurer's time-out), so the call asks the SPEC §8 catalogue for no toast of its own ('lookup'); the
 * site is locked while it runs all the same.
 */
export function bookInsurance(request: InsuranceBookRequest): Promise<ApiResult<InsurancePolicy>> {
  return api('POST /api/insurance/book', {
    action: 'lookup',
    body: request,
    idempotencyKey: newRequestId(),
    // The order's key is the credential; a customer's token adds nothing here.
    auth: 'none',
  });
}
