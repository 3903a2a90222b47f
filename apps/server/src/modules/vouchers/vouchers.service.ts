import { type Locale, locales } from '@shop/contracts/locale';
import type { Voucher, VoucherUpdate } from '@shop/contracts/vouchers';
import { voucherUpdateSchema } from '@shop/contracts/vouchers';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import type { BrandLogos } from '#src/modules/brands/brand-logo.ts';
import { sellerFooterLines, sellerOf } from '#src/modules/brands/seller.ts';
import { renderVoucherPdf, type VoucherFormat } from '#src/modules/documents/voucher-pdf.ts';
import { inclusionLabels } from '#src/modules/offers/offer-terms.ts';
import { loadOrder, type Shopper } from '#src/modules/orders/order-access.ts';
import { bookingInstructions } from './booking-instructions.ts';
import {
  findVoucher,
  findVoucherDetails,
  markPrinted,
  updateUnprintedVoucher,
  type VoucherDetails,
} from './vouchers.repository.ts';

export type VoucherDeps = {
  db: Database;
  brandConfigs: BrandConfigs;
  brandLogos: BrandLogos;
  /** PAYMENTS_MODE=sandbox: every voucher is a specimen, never a valid one. */
  isSpecimen: boolean;
};

type Access = { orderId: number; key: string; voucherId: number };

const voucherNotFound = () => new HttpProblem(404, 'not-found', 'voucher');

async function details(deps: VoucherDeps, shopper: Shopper, access: Access): Promise<VoucherDetails> {
  const order = await loadOrder(deps.db, shopper, access.orderId, access.key);
  const voucher = await findVoucherDetails(deps.db, order.id, access.voucherId, shopper.locale);
  if (!voucher) throw voucherNotFound();
  return voucher;
}

function presentVoucher(voucher: VoucherDetails): Voucher {
  return {
    id: voucher.id,
    code: voucher.code,
    offerTitle: voucher.offer_title,
    hotelName: voucher.hotel_name,
    nights: voucher.nights,
    persons: voucher.persons,
    validUntil: voucher.valid_until.toISOString(),
    customer: voucher.guest_data,
    message: voucher.message,
    layout: voucher.layout,
    isLocked: voucher.printed_at !== null,
    printedAt: voucher.printed_at?.toISOString() ?? null,
    refundedAt: voucher.voided_at?.toISOString() ?? null,
  };
}

export async function getVoucher(deps: VoucherDeps, shopper: Shopper, access: Access): Promise<Voucher> {
  return presentVoucher(await details(deps, shopper, access));
}

/** SPEC §4: guest data (and the gift message and layout) change until the voucher is first printed. */
export async function updateVoucher(
  deps: VoucherDeps,
  shopper: Shopper,
  access: Access,
  input: VoucherUpdate,
): Promise<Voucher> {
  const change = voucherUpdateSchema.parse(input);
  const order = await loadOrder(deps.db, shopper, access.orderId, access.key);
  const updated = await updateUnprintedVoucher(deps.db, order.id, access.voucherId, {
    guest: change.customer,
    message: change.message,
    layout: change.layout,
  });
  if (!updated) {
    if (!(await findVoucher(deps.db, order.id, access.voucherId))) throw voucherNotFound();
    throw new HttpProblem(409, 'voucher-locked');
  }
  return getVoucher(deps, shopper, access);
}

/**
 * The buyer prints the voucher (the order page's print button): that locks its guest data (SPEC §4),
 * and only once a guest's name was saved. Of many prints at once exactly one locks it; all answer the
 * locked voucher with the first one's time. Never a GET: mail scanners and link previews fetch every
 * link of a mail, and a fetched link must not lock anything (issue 23).
 */
export async function printVoucher(deps: VoucherDeps, shopper: Shopper, access: Access): Promise<Voucher> {
  const order = await loadOrder(deps.db, shopper, access.orderId, access.key);
  if (!(await markPrinted(deps.db, order.id, access.voucherId))) {
    const voucher = await findVoucher(deps.db, order.id, access.voucherId);
    if (!voucher) throw voucherNotFound();
    if (!voucher.printed_at && !voucher.guest_data) throw new HttpProblem(409, 'voucher-guest-missing');
  }
  return getVoucher(deps, shopper, access);
}

/**
 * The voucher as a PDF. Reading it changes nothing: until the voucher is printed (`printVoucher`) it is
 * a preview, stamped as not valid and without its code, so that a PDF fetched before the guest's name
 * is final is never one a hotel would take. It is printed in the order's language, whatever language
 * the download asks for (issue 24): the same voucher for whoever fetches it.
 */
export async function downloadVoucher(
  deps: VoucherDeps,
  shopper: Shopper,
  access: Access,
  format: VoucherFormat = 'a4',
) {
  const order = await loadOrder(deps.db, shopper, access.orderId, access.key);
  const locale = documentLocale(order.locale);
  const voucher = await findVoucherDetails(deps.db, order.id, access.voucherId, locale);
  if (!voucher) throw voucherNotFound();
  const config = await deps.brandConfigs.get(shopper.brand.short);
  const guest = voucher.guest_data;
  const issuedAt = voucher.paid_at ?? voucher.created_at;
  return renderVoucherPdf(
    {
      locale,
      code: voucher.code,
      layout: voucher.layout,
      message: voucher.message,
      guestName: guest ? `${guest.firstName} ${guest.lastName}` : null,
      offerTitle: voucher.offer_title,
      hotel: {
        name: voucher.hotel_name,
        street: voucher.hotel_street || null,
        postcode: voucher.hotel_postcode,
        city: voucher.hotel_city,
        country: voucher.hotel_country,
        phone: voucher.hotel_phone,
        email: voucher.hotel_email,
      },
      nights: voucher.nights,
      persons: voucher.persons,
      board: voucher.board,
      inclusions: voucher.inclusions.map((inclusion) => ({
        label: inclusionLabels[inclusion.code][locale],
        quantity: inclusion.quantity,
        per: inclusion.per,
      })),
      arrivalDays: voucher.arrival_days,
      minStayNights: voucher.min_stay_nights,
      // Periods that matter while the voucher is valid: from its issue (not from the day of the download,
      // so that every download is the same document) to its expiry.
      blackoutPeriods: voucher.blackout_periods.filter(
        (period) =>
          period.to >= issuedAt.toISOString().slice(0, 10) &&
          period.from <= voucher.valid_until.toISOString().slice(0, 10),
      ),
      validUntil: voucher.valid_until,
      issuedAt,
      orderId: voucher.order_id,
      bookingInstructions: bookingInstructions(
        locale,
        { brandName: config.storeName, supportEmail: config.supportMail },
        { phone: voucher.hotel_phone, email: voucher.hotel_email },
      ),
      brand: {
        name: config.storeName,
        logoPng: await deps.brandLogos.png(config.logo),
        primaryColor: config.colors.primary,
        supportEmail: config.supportMail || null,
        supportPhone: config.supportPhone || null,
        website: shopper.brand.origin,
      },
      seller: sellerFooterLines(sellerOf(config), locale),
      specimen: deps.isSpecimen,
      preview: voucher.printed_at === null,
      voided: voucher.voided_at !== null,
    },
    format,
  );
}

/** The order's stored language as a shop language (an unknown one, which no order should hold: German). */
function documentLocale(stored: string): Locale {
  return (locales as readonly string[]).includes(stored) ? (stored as Locale) : 'de';
}
