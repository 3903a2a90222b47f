import { type Locale, longDateFormat } from '@shop/contracts/locale';
import type { VoucherUseState } from '@shop/contracts/vouchers';
import type { MessageKey } from '#app/i18n/de.ts';
import type { Translate } from '#app/i18n/translate.ts';

const stateKeys: Record<VoucherUseState, MessageKey> = {
  valid: 'order.voucher.state.valid',
  used: 'order.voucher.state.used',
  refunded: 'order.voucher.state.refunded',
  cancelled: 'order.voucher.state.cancelled',
  expired: 'order.voucher.state.expired',
};

/** "Gültig", "Eingelöst am 1. Mai 2027", "Erstattet", … (issue 27: what a hotel did with it). */
export function voucherStateText(
  t: Translate,
  locale: Locale,
  voucher: { state: VoucherUseState; usedAt: string | null },
): string {
  const date = voucher.usedAt ? longDateFormat(locale).format(new Date(voucher.usedAt)) : '';
  return t(stateKeys[voucher.state], { date });
}
