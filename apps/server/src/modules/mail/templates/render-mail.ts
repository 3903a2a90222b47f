import { render } from '@react-email/render';
import type { Locale } from '@shop/contracts/locale';
import { createElement, type ReactElement } from 'react';
import { mailPlainText } from './mail-format.ts';
import type { MailBrand, MailMessage, RenderedMail } from './mail-message.ts';
import { mailTexts } from './mail-texts.ts';
import { OrderReceivedMail } from './order-received-mail.tsx';
import { PaymentReceivedMail } from './payment-received-mail.tsx';
import { TransferExpiredMail } from './transfer-expired-mail.tsx';
import { TransferReminderMail } from './transfer-reminder-mail.tsx';

export type {
  LegalInformation,
  MailBrand,
  MailMessage,
  MailOrder,
  RenderedMail,
  WireTransferDetails,
} from './mail-message.ts';

/**
 * Renders one transactional mail: subject, HTML and a plain-text part with the same links and bank details.
 * Throws on data no customer should see (amounts that are not integer cents, dates that are not YYYY-MM-DD).
 */
export async function renderMail(
  message: MailMessage,
  brand: MailBrand,
  locale: Locale,
): Promise<RenderedMail> {
  const subject = mailTexts[locale].subject[message.kind]({ brand: brand.name, orderId: message.order.id });
  const html = await render(mailDocument({ message, brand, locale, subject }));
  // Converting the HTML already rendered gives the text a second render with plainText would, without that render.
  const text = mailPlainText(html);
  return { subject, html, text };
}

function mailDocument(props: {
  message: MailMessage;
  brand: MailBrand;
  locale: Locale;
  subject: string;
}): ReactElement {
  const { message } = props;
  switch (message.kind) {
    case 'order-received':
      return createElement(OrderReceivedMail, { ...props, message });
    case 'payment-received':
      return createElement(PaymentReceivedMail, { ...props, message });
    case 'transfer-reminder':
      return createElement(TransferReminderMail, { ...props, message });
    case 'transfer-expired':
      return createElement(TransferExpiredMail, { ...props, message });
  }
}
