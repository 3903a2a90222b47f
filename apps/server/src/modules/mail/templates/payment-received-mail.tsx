import { Heading, Link, Text } from '@react-email/components';
import { MailLayout, type MailProps } from './mail-layout.tsx';
import { ActionButton, OrderLinkNote, OrderSummary, WithdrawalSection } from './mail-sections.tsx';
import * as styles from './mail-styles.ts';
import { mailTexts } from './mail-texts.ts';

/**
 * The payment arrived: the vouchers are printed from the order page, where the guest's name is entered
 * first. Every voucher link opens its card there, never the PDF: mail filters fetch the links of a mail,
 * and such a fetch must not stand for the buyer's print (issue 23). An order paid at once has had no
 * order-received mail: this one then states the right of withdrawal and carries the legal PDF (decision 026).
 */
export function PaymentReceivedMail({ message, brand, locale, subject }: MailProps<'payment-received'>) {
  const texts = mailTexts[locale];
  const { order, voucherCount, voucherLinks, invoiceUrl, legal } = message;
  const hasDocuments = voucherLinks.length > 0 || invoiceUrl !== null;
  return (
    <MailLayout
      brand={brand}
      locale={locale}
      subject={subject}
      preview={texts.preview.paymentReceived}
      heading={texts.paymentReceived.heading}
      customerName={order.customerName}
    >
      <Text style={styles.paragraph}>{texts.paymentReceived.intro(voucherCount)}</Text>
      <Text style={styles.paragraph}>{texts.paymentReceived.guestNames}</Text>
      <ActionButton
        brand={brand}
        href={order.orderUrl}
        label={texts.paymentReceived.printButton(voucherCount)}
      />
      {hasDocuments && (
        <>
          <Heading as="h2" style={styles.subheading}>
            {texts.paymentReceived.documents}
          </Heading>
          {voucherLinks.map((voucher) => (
            <Text key={voucher.code} style={styles.detail}>
              <Link style={styles.link} href={voucher.url}>
                {texts.paymentReceived.voucher(voucher.code)}
              </Link>
            </Text>
          ))}
          {invoiceUrl && (
            <Text style={styles.detail}>
              <Link style={styles.link} href={invoiceUrl}>
                {texts.paymentReceived.invoice}
              </Link>
            </Text>
          )}
        </>
      )}
      <OrderSummary order={order} locale={locale} />
      <OrderLinkNote order={order} locale={locale} />
      {legal && <WithdrawalSection legal={legal} brand={brand} locale={locale} />}
    </MailLayout>
  );
}
