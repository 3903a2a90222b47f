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

type MailLayoutProps = {
  brand: MailBrand;
  locale: Locale;
  subject: string;
  /** The line mail clients show next to the subject in the inbox. */
  preview: string;
  heading: string;
  customerName: string;
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
  children,
}: MailLayoutProps) {
  const texts = mailTexts[locale];
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
            <Text style={styles.paragraph}>{texts.greeting(customerName)}</Text>
            {children}
            <Text style={styles.paragraph}>
              {texts.signOff}
              <br />
              {texts.team(brand.name)}
            </Text>
          </Section>
          <Section style={styles.footer}>
            <Hr style={styles.divider} />
            <MailFooter brand={brand} locale={locale} />
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function MailFooter({ brand, locale }: { brand: MailBrand; locale: Locale }) {
  const texts = mailTexts[locale].footer;
  const { supportEmail, supportPhone } = brand;
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
        {brand.company} ·{' '}
        <Link style={styles.link} href={brand.website}>
          {displayHost(brand.website)}
        </Link>
      </Text>
    </>
  );
}

function displayHost(website: string): string {
  return URL.canParse(website) ? new URL(website).host : website;
}
