import { Text } from '@react-email/components';
import { formatMailDate, formatMailPrice } from './mail-format.ts';
import { MailLayout, type MailProps } from './mail-layout.tsx';
import { ActionButton, OrderSummary, WireTransferPanel } from './mail-sections.tsx';
import * as styles from './mail-styles.ts';
import { mailTexts } from './mail-texts.ts';

/** Reminds of an unpaid transfer before its hold expires, repeating the bank details. */
export function TransferReminderMail({ message, brand, locale, subject }: MailProps<'transfer-reminder'>) {
  const texts = mailTexts[locale];
  const { order, wireTransfer } = message;
  const deadline = {
    amount: formatMailPrice(wireTransfer.amountCents, locale),
    dueDate: formatMailDate(wireTransfer.dueDate, locale),
  };
  return (
    <MailLayout
      brand={brand}
      locale={locale}
      subject={subject}
      preview={texts.preview.transferReminder(deadline)}
      heading={texts.transferReminder.heading}
      customerName={order.customerName}
    >
      <Text style={styles.paragraph}>{texts.transferReminder.intro({ orderId: order.id, ...deadline })}</Text>
      <Text style={styles.paragraph}>{texts.transferReminder.alreadyPaid}</Text>
      <WireTransferPanel wireTransfer={wireTransfer} locale={locale} />
      <OrderSummary order={order} locale={locale} />
      <ActionButton brand={brand} href={order.orderUrl} label={texts.orderButton} />
    </MailLayout>
  );
}
