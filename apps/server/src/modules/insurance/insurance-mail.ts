import { insuranceDocumentKinds } from '@shop/contracts/insurance';
import type { Database } from '#src/db/client.ts';
import type { BrandConfig } from '#src/modules/brands/brand-config.ts';
import type { Brand } from '#src/modules/brands/brand-directory.ts';
import { pdfToBuffer } from '#src/modules/documents/pdf-buffer.ts';
import type { MailRow } from '#src/modules/mail/mail-outbox.ts';
import type { MailSender, OutgoingMail } from '#src/modules/mail/mail-transport.ts';
import { renderInsurancePolicyMail } from '#src/modules/mail/templates/insurance-policy-mail.tsx';
import type { MailBrand } from '#src/modules/mail/templates/mail-message.ts';
import type { OrderRow } from '#src/modules/orders/orders.repository.ts';
import { findBookedPolicy, findInsurableVoucher } from './insurance.repository.ts';
import { brandInsurance } from './insurance-rules.ts';
import {
  policyPdfUrl,
  processBrandLogos,
  renderInsuranceDocument,
  renderPolicyPdf,
} from './policy-document.ts';

/**
 * The confirmation of one policy (outbox kind 'insurance-policy', its row's payload names the policy),
 * in the language it was booked in, with the policy PDF attached. Null when there is nothing to send
 * (the policy is not booked, the order has no address).
 */
export async function composeInsurancePolicyMail(
  deps: { db: Database },
  mail: MailRow,
  context: {
    order: OrderRow;
    email: string;
    brand: Brand;
    config: BrandConfig;
    mailBrand: MailBrand;
    sender: MailSender;
  },
): Promise<OutgoingMail | null> {
  const { order, brand, config } = context;
  const policyId = Number(mail.payload?.policyId);
  if (!Number.isSafeInteger(policyId)) return null;
  const policy = await findBookedPolicy(deps.db, policyId);
  if (!policy || policy.order_id !== order.id || !policy.policy_number) return null;
  const locale = policy.locale;
  const voucher = await findInsurableVoucher(deps.db, order.id, policy.voucher_id, locale);
  const document = await renderPolicyPdf(
    { db: deps.db, brandLogos: processBrandLogos() },
    { policy, orderId: order.id, brand, config, locale },
  );
  if (!voucher || !document) return null;
  const access = { orderId: order.id, key: order.order_key };
  // The product information sheet and the conditions the buyer was shown before booking, kept with the
  // policy on a durable medium (issue 24).
  const information = [];
  for (const kind of insuranceDocumentKinds) {
    const pdf = renderInsuranceDocument({
      config,
      origin: brand.origin,
      locale,
      type: policy.type,
      kind,
      specimen: policy.provider === 'sandbox',
    });
    if (pdf) {
      information.push({
        filename: `${policy.type}-${kind}.pdf`,
        content: await pdfToBuffer(pdf),
        contentType: 'application/pdf',
      });
    }
  }
  const rendered = await renderInsurancePolicyMail(
    {
      customerName: `${order.customer_data?.firstName ?? ''} ${order.customer_data?.lastName ?? ''}`.trim(),
      policyNumber: policy.policy_number,
      type: policy.type,
      coveredDays: policy.covered_days,
      premiumCents: policy.premium_cents,
      voucherCode: voucher.code,
      offerTitle: voucher.offer_title,
      hotelName: voucher.hotel_name,
      travellers: policy.travellers.map((t) => `${t.title} ${t.firstName} ${t.lastName}`),
      pdfUrl: `${brand.origin}${policyPdfUrl(access, policy.policy_number)}`,
      orderUrl: `${brand.origin}/view/${order.id}/${order.order_key}`,
      billing: billingOf(config),
    },
    context.mailBrand,
    locale,
  );
  return {
    to: context.email,
    sender: context.sender,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    messageId: `<mail-${mail.id}.order-${order.id}@${new URL(brand.origin).hostname}>`,
    attachments: [
      {
        filename: `${policy.policy_number}.pdf`,
        content: await pdfToBuffer(document),
        contentType: 'application/pdf',
      },
      ...information,
    ],
  };
}

/** The insurer's billing terms as the insurance form stated them before booking. */
function billingOf(config: BrandConfig) {
  const insurer = brandInsurance(config)?.insurer;
  return insurer
    ? {
        insurer: insurer.name,
        invoiceWithinDays: insurer.invoiceWithinDays,
        paymentTermDays: insurer.paymentTermDays,
      }
    : null;
}
