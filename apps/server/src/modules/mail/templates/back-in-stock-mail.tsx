import { Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { Locale } from '@shop/contracts/locale';
import { backInStockMailTexts } from './back-in-stock-mail-texts.ts';
import { mailPlainText } from './mail-format.ts';
import { frameOf, MailLayout } from './mail-layout.tsx';
import type { MailBrand, RenderedMail } from './mail-message.ts';
import { ActionButton } from './mail-sections.tsx';
import * as styles from './mail-styles.ts';

export type BackInStockMessage = {
  /** The offer's title in the mail's language. */
  offerTitle: string;
  /** Absolute link to the offer page on the brand's host, in the mail's language. */
  offerUrl: string;
};

/**
 * Renders the reminder: subject, HTML and plain text. It names no recipient, so one rendering serves
 * every subscriber of an offer in a brand and language (reminder-mail.ts keeps it for a while).
 */
export async function renderBackInStockMail(
  message: BackInStockMessage,
  brand: MailBrand,
  locale: Locale,
): Promise<RenderedMail> {
  const protocol = URL.canParse(message.offerUrl) ? new URL(message.offerUrl).protocol : null;
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error(`A reminder needs an absolute http(s) link to the offer, got ${message.offerUrl}`);
  }
  const texts = backInStockMailTexts[locale];
  const subject = texts.subject(message.offerTitle);
  const frame = frameOf(texts, texts.greeting, brand);
  const html = await render(
    <MailLayout
      brand={brand}
      locale={locale}
      subject={subject}
      preview={texts.preview(message.offerTitle)}
      heading={texts.heading}
      customerName=""
      frame={frame}
    >
      <Text style={styles.paragraph}>{texts.intro(message.offerTitle, brand.name)}</Text>
      <ActionButton brand={brand} href={message.offerUrl} label={texts.button} />
      <Text style={styles.paragraph}>{texts.hurry}</Text>
      <Text style={styles.detail}>{texts.why(brand.name)}</Text>
    </MailLayout>,
  );
  return { subject, html, text: mailPlainText(html) };
}
