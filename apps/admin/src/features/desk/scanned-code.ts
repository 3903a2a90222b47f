import { isWellFormedVoucherCode, normalVoucherCode } from '@shop/contracts/voucher-code';

/**
 * The voucher code in what a scanner read: the voucher PDF's QR code holds the code alone (nothing
 * personal, docs/decisions/033); anything else the camera sees (another QR code) is no code.
 */
export function voucherCodeIn(scanned: string): string | null {
  const candidate = scanned.trim();
  return isWellFormedVoucherCode(candidate) ? normalVoucherCode(candidate) : null;
}
