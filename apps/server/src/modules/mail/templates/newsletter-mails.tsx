import { Link, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { Locale } from '@shop/contracts/locale';
import { mailPlainText } from './mail-format.ts';
import { frameOf, MailLayout } from './mail-layout.tsx';
import type { MailBrand, RenderedMail } from './mail-message.ts';
import { ActionButton } from './mail-sections.tsx';
import * as styles from './mail-styles.ts';
import { newsletterMailTexts } from './newsletter-mail-texts.ts';

export type NewsletterConfirmMessage = {
  kind: 'newsletter-confirm';
  /** The storefront page that confirms with a POST (a prefetching mail scanner confirms nothing). */
  confirmUrl: string;
  /** The storefront page that withdraws the request, for people; the one-click address is a header. */
  unsubscribeUrl: string;
  validDays: number;
};

/**
 * Renders the newsletter confirmation mail: subject, HTML and plain text with the same links. Throws on
 * links a reader could not follow from a mail and on a validity that is not a positive whole number.
 */
export async function renderNewsletterMail(
  message: NewsletterConfirmMessage,
  brand: MailBrand,
  locale: Locale,
): Promise<RenderedMail> {
  for (const link of [message.confirmUrl, message.unsubscribeUrl]) {
    const protocol = URL.canParse(link) ? new URL(link).protocol : null;
    // Without the link itself: it carries a token that does not belong in a log.
    if (protocol !== 'https:' && protocol !== 'http:')
      throw new Error('A newsletter mail needs absolute http(s) links');
  }
  if (!(Number.isInteger(message.validDays) && message.validDays > 0)) {
    throw new Error(
      `A confirmation link's validity must be a positive whole number of days, got ${message.validDays}`,
    );
  }
  const texts = newsletterMailTexts[locale];
  const mail = texts.confirm;
  const subject = mail.subject(brand.name);
  const frame = frameOf(texts, texts.greeting, brand);
  const html = await render(
    <MailLayout
      brand={brand}
      locale={locale}
      subject={subject}
      preview={mail.preview}
      heading={mail.heading}
      customerName=""
      frame={frame}
    >
      <Text style={styles.paragraph}>{mail.intro(brand.name)}</Text>
      <ActionButton brand={brand} href={message.confirmUrl} label={mail.button} />
      <Text style={styles.paragraph}>{mail.validity(message.validDays)}</Text>
      <Text style={styles.paragraph}>{mail.notRequested}</Text>
      <Text style={styles.paragraph}>
        {mail.unsubscribe}{' '}
        <Link style={styles.link} href={message.unsubscribeUrl}>
          {mail.unsubscribeLink}
        </Link>
      </Text>
    </MailLayout>,
  );
  return { subject, html, text: mailPlainText(html) };
}
