import { Heading, Link, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { Locale } from '@shop/contracts/locale';
import { insurancePolicyMailTexts, type PremiumBilling } from './insurance-policy-mail-texts.ts';
import { formatMailPrice, mailPlainText } from './mail-format.ts';
import { frameOf, MailLayout } from './mail-layout.tsx';
import type { MailBrand, RenderedMail } from './mail-message.ts';
import { ActionButton } from './mail-sections.tsx';
import * as styles from './mail-styles.ts';

export type InsurancePolicyMessage = {
  customerName: string;
  policyNumber: string;
  type: 'cancellation' | 'curtailment';
  coveredDays: number | null;
  premiumCents: number;
  voucherCode: string;
  offerTitle: string;
  hotelName: string;
  /** "Frau Anna Muster" per insured traveller. */
  travellers: string[];
  /** Absolute links: the policy PDF (with the order key) and the order page. */
  pdfUrl: string;
  orderUrl: string;
  /** The insurer's billing terms; null when the brand no longer names them. */
  billing: PremiumBilling | null;
};

/** The confirmation of a travel insurance policy (the PDF goes with it as an attachment). */
export async function renderInsurancePolicyMail(
  message: InsurancePolicyMessage,
  brand: MailBrand,
  locale: Locale,
): Promise<RenderedMail> {
  if (!Number.isSafeInteger(message.premiumCents)) throw new Error('premium must be whole cents');
  const texts = insurancePolicyMailTexts[locale];
  const type = texts.types[message.type];
  const subject = texts.subject(message.policyNumber);
  const frame = frameOf(texts, texts.greeting(message.customerName), brand);
  const facts: [string, string][] = [
    [texts.policyNumber, message.policyNumber],
    [texts.voucher, `${message.voucherCode} · ${message.offerTitle} · ${message.hotelName}`],
    [texts.premium, formatMailPrice(message.premiumCents, locale)],
  ];
  const html = await render(
    <MailLayout
      brand={brand}
      locale={locale}
      subject={subject}
      preview={texts.preview(type)}
      heading={texts.heading}
      customerName={message.customerName}
      frame={frame}
    >
      <Text style={styles.paragraph}>{texts.intro(type, message.voucherCode)}</Text>
      {facts.map(([label, value]) => (
        <Text key={label} style={styles.detail}>
          {label}: <strong>{value}</strong>
        </Text>
      ))}
      <Text style={styles.paragraph}>{texts.cover(message.type, message.coveredDays)}</Text>
      <Heading as="h2" style={styles.subheading}>
        {texts.travellers}
      </Heading>
      {message.travellers.map((traveller, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rendered once, never reordered; names may repeat
        <Text key={index} style={styles.detail}>
          {traveller}
        </Text>
      ))}
      <Text style={styles.paragraph}>{texts.premiumNote(message.billing)}</Text>
      <Text style={styles.paragraph}>
        {texts.attachment}{' '}
        <Link style={styles.link} href={message.pdfUrl}>
          {texts.download}
        </Link>
      </Text>
      <ActionButton brand={brand} href={message.orderUrl} label={texts.orderButton} />
    </MailLayout>,
  );
  return { subject, html, text: mailPlainText(html) };
}
