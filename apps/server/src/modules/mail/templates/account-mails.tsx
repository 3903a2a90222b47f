import { Link, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { Locale } from '@shop/contracts/locale';
import type { CSSProperties, ReactNode } from 'react';
import { type AccountMailTexts, accountMailTexts } from './account-mail-texts.ts';
import { mailPlainText } from './mail-format.ts';
import { frameOf, MailLayout } from './mail-layout.tsx';
import type { MailBrand, RenderedMail } from './mail-message.ts';
import { ActionButton } from './mail-sections.tsx';
import * as styles from './mail-styles.ts';

export type AccountMailMessage =
  | { kind: 'account-welcome'; customerName: string; accountUrl: string }
  /** Someone registered with an address that already has an account; the owner learns of it here. */
  | { kind: 'account-exists'; customerName: string; loginUrl: string; resetUrl: string }
  | { kind: 'password-reset'; customerName: string; resetUrl: string; validMinutes: number }
  /** The address has orders bought as a guest: the link confirms it, then they are offered to the account. */
  | { kind: 'guest-orders-confirm'; customerName: string; confirmUrl: string; validDays: number };

/**
 * Renders one account mail: subject, HTML and a plain-text part with the same links.
 * Throws on links a customer could not follow from a mail (relative, or not http(s)) and on a validity
 * that is not a whole number of minutes.
 */
export async function renderAccountMail(
  message: AccountMailMessage,
  brand: MailBrand,
  locale: Locale,
): Promise<RenderedMail> {
  assertMailable(message);
  const texts = accountMailTexts[locale];
  const subject = subjectOf(message, texts, brand.name);
  const html = await render(
    <AccountMail message={message} brand={brand} locale={locale} subject={subject} />,
  );
  const text = mailPlainText(html);
  return { subject, html, text };
}

function subjectOf(message: AccountMailMessage, texts: AccountMailTexts, brand: string): string {
  switch (message.kind) {
    case 'account-welcome':
      return texts.welcome.subject(brand);
    case 'account-exists':
      return texts.accountExists.subject(brand);
    case 'password-reset':
      return texts.passwordReset.subject(brand);
    case 'guest-orders-confirm':
      return texts.guestOrders.subject(brand);
  }
}

function assertMailable(message: AccountMailMessage): void {
  const links =
    message.kind === 'account-welcome'
      ? [message.accountUrl]
      : message.kind === 'account-exists'
        ? [message.loginUrl, message.resetUrl]
        : message.kind === 'guest-orders-confirm'
          ? [message.confirmUrl]
          : [message.resetUrl];
  for (const link of links) {
    const protocol = URL.canParse(link) ? new URL(link).protocol : null;
    if (protocol !== 'https:' && protocol !== 'http:') {
      // Without the link itself: a reset link carries a token that does not belong in a log.
      throw new Error('An account mail needs absolute http(s) links');
    }
  }
  if (
    message.kind === 'password-reset' &&
    !(Number.isInteger(message.validMinutes) && message.validMinutes > 0)
  ) {
    throw new Error(
      `A reset link's validity must be a positive whole number of minutes, got ${message.validMinutes}`,
    );
  }
}

type AccountMailProps = { message: AccountMailMessage; brand: MailBrand; locale: Locale; subject: string };

function AccountMail({ message, brand, locale, subject }: AccountMailProps) {
  const texts = accountMailTexts[locale];
  const frame = { brand, locale, subject, customerName: message.customerName };
  switch (message.kind) {
    case 'account-welcome': {
      const mail = texts.welcome;
      return (
        <AccountMailLayout {...frame} preview={mail.preview} heading={mail.heading}>
          <Text style={styles.paragraph}>{mail.intro(brand.name)}</Text>
          <Text style={{ ...styles.paragraph, margin: 0 }}>{mail.benefitsIntro}</Text>
          <ul style={benefitList}>
            {mail.benefits.map((benefit) => (
              <li key={benefit} style={styles.detail}>
                {benefit}
              </li>
            ))}
          </ul>
          <ActionButton brand={brand} href={message.accountUrl} label={mail.accountButton} />
        </AccountMailLayout>
      );
    }
    case 'account-exists': {
      const mail = texts.accountExists;
      return (
        <AccountMailLayout {...frame} preview={mail.preview} heading={mail.heading}>
          <Text style={styles.paragraph}>{mail.intro(brand.name)}</Text>
          <Text style={styles.paragraph}>
            {mail.signIn}{' '}
            <Link style={styles.link} href={message.loginUrl}>
              {mail.signInLink}
            </Link>
          </Text>
          <Text style={styles.paragraph}>{mail.forgotPassword}</Text>
          <ActionButton brand={brand} href={message.resetUrl} label={mail.resetButton} />
          <Text style={styles.paragraph}>{mail.notYou}</Text>
        </AccountMailLayout>
      );
    }
    case 'password-reset': {
      const mail = texts.passwordReset;
      return (
        <AccountMailLayout {...frame} preview={mail.preview(message.validMinutes)} heading={mail.heading}>
          <Text style={styles.paragraph}>{mail.intro(brand.name)}</Text>
          <ActionButton brand={brand} href={message.resetUrl} label={mail.resetButton} />
          <Text style={styles.paragraph}>{mail.validity(message.validMinutes)}</Text>
          <Text style={styles.paragraph}>{mail.notRequested}</Text>
        </AccountMailLayout>
      );
    }
    case 'guest-orders-confirm': {
      const mail = texts.guestOrders;
      return (
        <AccountMailLayout {...frame} preview={mail.preview} heading={mail.heading}>
          <Text style={styles.paragraph}>{mail.intro(brand.name)}</Text>
          <ActionButton brand={brand} href={message.confirmUrl} label={mail.confirmButton} />
          <Text style={styles.paragraph}>{mail.validity(message.validDays)}</Text>
          <Text style={styles.paragraph}>{mail.notYou}</Text>
        </AccountMailLayout>
      );
    }
  }
}

const benefitList: CSSProperties = { margin: '8px 0 16px', paddingLeft: '24px' };

type AccountMailLayoutProps = {
  brand: MailBrand;
  locale: Locale;
  subject: string;
  preview: string;
  heading: string;
  customerName: string;
  children: ReactNode;
};

/**
 * MailLayout with the account texts' frame: the greeting reads well without a name (a registration may
 * have none), and greeting, sign-off and footer address an Italian customer with "Lei" throughout.
 */
function AccountMailLayout({ customerName, ...props }: AccountMailLayoutProps) {
  const texts = accountMailTexts[props.locale];
  const frame = frameOf(texts, texts.greeting(customerName.trim()), props.brand);
  return <MailLayout {...props} customerName={customerName} frame={frame} />;
}
