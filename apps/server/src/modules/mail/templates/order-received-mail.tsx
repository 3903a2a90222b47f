import { Text } from '@react-email/components';
import { formatMailDate, formatMailPrice } from './mail-format.ts';
import { MailLayout, type MailProps } from './mail-layout.tsx';
import {
  ActionButton,
  OrderLinkNote,
  OrderSummary,
  WireTransferPanel,
  WithdrawalSection,
} from './mail-sections.tsx';
import * as styles from './mail-styles.ts';
import { mailTexts } from './mail-texts.ts';

/**
 * Confirms an order; for a bank transfer it carries everything needed to pay. It states the right of
 * withdrawal; the terms, the withdrawal information and the model form go with it as a PDF (decision 026).
 */
export function OrderReceivedMail({ message, brand, locale, subject }: MailProps<'order-received'>) {
  const texts = mailTexts[locale];
  const { order, wireTransfer, legal } = message;
  const deadline = wireTransfer && {
    amount: formatMailPrice(wireTransfer.amountCents, locale),
    dueDate: formatMailDate(wireTransfer.dueDate, locale),
  };
  const preview = deadline
    ? texts.preview.orderReceivedByTransfer(deadline)
    : texts.preview.orderReceived({ orderId: order.id, total: formatMailPrice(order.totalCents, locale) });
  return (
    <MailLayout
      brand={brand}
      locale={locale}
      subject={subject}
      preview={preview}
      heading={texts.orderReceived.heading}
      customerName={order.customerName}
    >
      <Text style={styles.paragraph}>
        {deadline ? texts.orderReceived.introByTransfer(deadline.dueDate) : texts.orderReceived.intro}
      </Text>
      {wireTransfer && <WireTransferPanel wireTransfer={wireTransfer} locale={locale} />}
      <OrderSummary order={order} locale={locale} />
      <ActionButton brand={brand} href={order.orderUrl} label={texts.orderButton} />
      <OrderLinkNote order={order} locale={locale} />
      {legal && <WithdrawalSection legal={legal} brand={brand} locale={locale} />}
    </MailLayout>
  );
}
