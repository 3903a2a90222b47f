import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { Locale } from '@shop/contracts/locale';
import type { ReactNode } from 'react';
import { sellerFooterLines } from '#src/modules/brands/seller.ts';
import type { MailBrand, MailKind, MailMessage } from './mail-message.ts';
import * as styles from './mail-styles.ts';
import { mailTexts } from './mail-texts.ts';

/** What every mail template receives; the subject is worked out once by renderMail. */
export type MailProps<K extends MailKind> = {
  message: Extract<MailMessage, { kind: K }>;
  brand: MailBrand;
  locale: Locale;
  subject: string;
};

/** The words of the frame around a mail's content. */
export type FrameTexts = {
  greeting: string;
  signOff: string;
  team: string;
  footer: { questions: string; email: string; phone: string };
};

/** What every mail's texts module words for the frame (the greeting each mail words itself). */
type FrameWords = { signOff: string; team(brand: string): string; footer: FrameTexts['footer'] };

/** A mail's frame: its own greeting, and the sign-off, team and footer of its texts, for the brand. */
export function frameOf(texts: FrameWords, greeting: string, brand: Pick<MailBrand, 'name'>): FrameTexts {
  return { greeting, signOff: texts.signOff, team: texts.team(brand.name), footer: texts.footer };
}

type MailLayoutProps = {
  brand: MailBrand;
  locale: Locale;
  subject: string;
  /** The line mail clients show next to the subject in the inbox. */
  preview: string;
  heading: string;
  customerName: string;
  /** The frame's words; the order mails' (mail-texts.ts) when not given. */
  frame?: FrameTexts;
  children: ReactNode;
};

/** The frame every mail shares: brand header, greeting, sign-off and a footer with the brand's contacts. */
export function MailLayout({
  brand,
  locale,
  subject,
  preview,
  heading,
  customerName,
  frame,
  children,
}: MailLayoutProps) {
  const texts = frame ?? orderFrame(locale, customerName, brand);
  const colours = styles.brandColours(brand);
  return (
    <Html lang={locale}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.page}>
        <Container style={styles.card}>
          <Section style={{ ...styles.header, backgroundColor: colours.primary }}>
            {brand.logoUrl ? (
              <Img src={brand.logoUrl} alt={brand.name} height="40" style={{ maxWidth: '100%' }} />
            ) : (
              <Text style={{ ...styles.brandName, color: colours.primaryContrast }}>{brand.name}</Text>
            )}
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.heading}>
              {heading}
            </Heading>
            <Text style={styles.paragraph}>{texts.greeting}</Text>
            {children}
            <Text style={styles.paragraph}>
              {texts.signOff}
              <br />
              {texts.team}
            </Text>
          </Section>
          <Section style={styles.footer}>
            <Hr style={styles.divider} />
            <MailFooter brand={brand} texts={texts.footer} locale={locale} />
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function orderFrame(locale: Locale, customerName: string, brand: MailBrand): FrameTexts {
  const texts = mailTexts[locale];
  return frameOf(texts, texts.greeting(customerName), brand);
}

function MailFooter({
  brand,
  texts,
  locale,
}: {
  brand: MailBrand;
  texts: FrameTexts['footer'];
  locale: Locale;
}) {
  const { supportEmail, supportPhone } = brand;
  // The seller as the imprint, the invoices and the vouchers name it (modules/brands/seller.ts).
  const [identity, registration] = sellerFooterLines(brand.seller, locale);
  return (
    <>
      {(supportEmail || supportPhone) && <Text style={styles.footerText}>{texts.questions}</Text>}
      {supportEmail && (
        <Text style={styles.footerText}>
          {texts.email}:{' '}
          <Link style={styles.link} href={`mailto:${supportEmail}`}>
            {supportEmail}
          </Link>
        </Text>
      )}
      {supportPhone && (
        <Text style={styles.footerText}>
          {texts.phone}:{' '}
          <Link style={styles.link} href={`tel:${supportPhone.replace(/[^+\d]/g, '')}`}>
            {supportPhone}
          </Link>
        </Text>
      )}
      <Text style={styles.footerText}>
        {identity} ·{' '}
        <Link style={styles.link} href={brand.website}>
          {displayHost(brand.website)}
        </Link>
      </Text>
      {registration && <Text style={styles.footerText}>{registration}</Text>}
    </>
  );
}

function displayHost(website: string): string {
  return URL.canParse(website) ? new URL(website).host : website;
}
