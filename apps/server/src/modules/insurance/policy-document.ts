import path from 'node:path';
import type { InsuranceDocumentKind, InsuranceType } from '@shop/contracts/insurance';
import type { Locale } from '@shop/contracts/locale';
import { repoRoot } from '#src/config.ts';
import type { Database } from '#src/db/client.ts';
import type { BrandConfig } from '#src/modules/brands/brand-config.ts';
import type { Brand } from '#src/modules/brands/brand-directory.ts';
import { type BrandLogos, createBrandLogos } from '#src/modules/brands/brand-logo.ts';
import { renderInsuranceInformationPdf } from '#src/modules/documents/insurance-information-pdf.ts';
import { renderInsurancePolicyPdf } from '#src/modules/documents/insurance-policy-pdf.ts';
import { findInsurableVoucher, type PolicyRow } from './insurance.repository.ts';
import { brandInsurance, maxCurtailmentDays } from './insurance-rules.ts';

/**
 * The policy PDF of a booked policy, for the download and the confirmation mail alike: the same data,
 * so the attachment and the download are the same document. Null when its voucher is gone.
 */
export async function renderPolicyPdf(
  deps: { db: Database; brandLogos: BrandLogos },
  input: {
    policy: PolicyRow;
    orderId: number;
    brand: Pick<Brand, 'origin'>;
    config: BrandConfig;
    locale: Locale;
  },
): Promise<PDFKit.PDFDocument | null> {
  const { policy, config, locale } = input;
  if (policy.status !== 'booked' || !policy.policy_number) return null;
  const voucher = await findInsurableVoucher(deps.db, input.orderId, policy.voucher_id, locale);
  if (!voucher) return null;
  return renderInsurancePolicyPdf({
    locale,
    policyNumber: policy.policy_number,
    type: policy.type,
    premiumCents: policy.premium_cents,
    coveredDays: policy.covered_days,
    bookedAt: policy.booked_at ?? policy.created_at,
    orderId: input.orderId,
    voucherCode: voucher.code,
    offerTitle: voucher.offer_title,
    hotelName: voucher.hotel_name,
    nights: voucher.nights,
    persons: voucher.persons,
    travellers: policy.travellers,
    brand: {
      name: config.storeName,
      logoPng: await deps.brandLogos.png(config.logo),
      primaryColor: config.colors.primary,
      website: input.brand.origin,
    },
    insurerName: config.insurance?.insurer.name,
    // The built-in insurer's policies are specimens, whatever the payments mode.
    specimen: policy.provider === 'sandbox',
  });
}

/**
 * A tariff's product information sheet or conditions (issue 24), from the brand's insurance settings:
 * linked before booking, attached to the policy mail. Null when the brand offers no insurance.
 */
export function renderInsuranceDocument(input: {
  config: BrandConfig;
  origin: string;
  locale: Locale;
  type: InsuranceType;
  kind: InsuranceDocumentKind;
  /** The built-in sandbox insurer: the documents are specimens. */
  specimen: boolean;
}): PDFKit.PDFDocument | null {
  const settings = brandInsurance(input.config);
  if (!settings) return null;
  return renderInsuranceInformationPdf({
    locale: input.locale,
    type: input.type,
    kind: input.kind,
    insurer: settings.insurer,
    tariffs: settings.tariffs,
    maxCoveredDays: maxCurtailmentDays,
    brand: { name: input.config.storeName, primaryColor: input.config.colors.primary, website: input.origin },
    specimen: input.specimen,
  });
}

/** Site-relative address of a policy's PDF; the order key opens it, like the vouchers. */
export function policyPdfUrl(access: { orderId: number; key: string }, policyNumber: string): string {
  return `/api/insurance/policy/${access.orderId}/${encodeURIComponent(access.key)}/${policyNumber}.pdf`;
}

let sharedLogos: BrandLogos | null = null;

/** Logos for the mail job, which has no app to hand it the routes' instance: one per process. */
export function processBrandLogos(): BrandLogos {
  sharedLogos ??= createBrandLogos(path.join(repoRoot, 'assets'));
  return sharedLogos;
}
