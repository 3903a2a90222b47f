import { Text } from '@react-email/components';
import { MailLayout, type MailProps } from './mail-layout.tsx';
import { ActionButton, OrderSummary } from './mail-sections.tsx';
import * as styles from './mail-styles.ts';
import { mailTexts } from './mail-texts.ts';

/** No payment arrived in time: the order is cancelled and its vouchers are back on sale. */
export function TransferExpiredMail({ message, brand, locale, subject }: MailProps<'transfer-expired'>) {
  const texts = mailTexts[locale];
  const { order } = message;
  return (
    <MailLayout
      brand={brand}
      locale={locale}
      subject={subject}
      preview={texts.preview.transferExpired({ orderId: order.id })}
      heading={texts.transferExpired.heading}
      customerName={order.customerName}
    >
      <Text style={styles.paragraph}>{texts.transferExpired.intro(order.id)}</Text>
      <Text style={styles.paragraph}>{texts.transferExpired.alreadyPaid}</Text>
      <OrderSummary order={order} locale={locale} />
      <Text style={styles.paragraph}>{texts.transferExpired.orderAgain}</Text>
      <ActionButton brand={brand} href={brand.website} label={texts.transferExpired.shopButton} />
    </MailLayout>
  );
}
