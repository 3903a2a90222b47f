import { Button, Column, Heading, Img, Link, Row, Section, Text } from '@react-email/components';
import type { Locale } from '@shop/contracts/locale';
import { formatIban, formatMailDate, formatMailPrice } from './mail-format.ts';
import type { LegalInformation, MailBrand, MailOrder, WireTransferDetails } from './mail-message.ts';
import * as styles from './mail-styles.ts';
import { mailTexts } from './mail-texts.ts';

/**
 * The ordered vouchers, each with its hotel, their prices, the discount of a promotion code, the total,
 * and what gift cards paid of it: the amounts the invoice shows.
 */
export function OrderSummary({ order, locale }: { order: MailOrder; locale: Locale }) {
  const texts = mailTexts[locale].summary;
  const price = (cents: number) => formatMailPrice(cents, locale);
  return (
    <Section style={styles.summary}>
      <Heading as="h2" style={styles.subheading}>
        {texts.title}
      </Heading>
      <Text style={styles.detail}>{texts.orderNumber(order.id)}</Text>
      {order.items.map((item, index) => (
        // Items carry no id, and the same title may appear twice with other quantities.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once and never reordered
        <Row key={index}>
          <Column style={styles.cell}>
            {item.quantity} × {item.title}
            <br />
            <span style={styles.cellNote}>{item.hotelName}</span>
          </Column>
          <Column style={styles.amountCell}>{price(item.totalCents)}</Column>
        </Row>
      ))}
      {order.discount && (
        <Row>
          <Column style={styles.cell}>{texts.discount(order.discount)}</Column>
          <Column style={styles.amountCell}>{`−${price(order.discount.cents)}`}</Column>
        </Row>
      )}
      <Row style={styles.totalRow}>
        <Column style={styles.cell}>{texts.total}</Column>
        <Column style={styles.amountCell}>{price(order.totalCents)}</Column>
      </Row>
      {order.prepaidCents > 0 && (
        <>
          <Row>
            <Column style={styles.cell}>{texts.prepaid}</Column>
            <Column style={styles.amountCell}>{`−${price(order.prepaidCents)}`}</Column>
          </Row>
          <Row style={styles.totalRow}>
            <Column style={styles.cell}>{texts.payment}</Column>
            <Column style={styles.amountCell}>{price(order.totalCents - order.prepaidCents)}</Column>
          </Row>
        </>
      )}
    </Section>
  );
}

/** Everything needed to pay by bank transfer, as label-value lines that survive the plain-text part intact. */
export function WireTransferPanel({
  wireTransfer,
  locale,
}: {
  wireTransfer: WireTransferDetails;
  locale: Locale;
}) {
  const texts = mailTexts[locale].wireTransfer;
  const details: [label: string, value: string][] = [
    [texts.accountHolder, wireTransfer.accountHolder],
    [texts.iban, formatIban(wireTransfer.iban)],
    [texts.bic, wireTransfer.bic],
    [texts.bank, wireTransfer.bank],
    [texts.reference, wireTransfer.reference],
    [texts.amount, formatMailPrice(wireTransfer.amountCents, locale)],
    [texts.dueDate, formatMailDate(wireTransfer.dueDate, locale)],
  ];
  return (
    <Section style={styles.panel}>
      <Heading as="h2" style={styles.panelHeading}>
        {texts.title}
      </Heading>
      {details.map(([label, value]) => (
        <Text key={label} style={styles.detail}>
          {label}: <strong>{value}</strong>
        </Text>
      ))}
      <Text style={{ ...styles.paragraph, marginTop: '12px' }}>{texts.referenceNote}</Text>
      {wireTransfer.qrImageCid && (
        <>
          <Text style={styles.paragraph}>{texts.qrHint}</Text>
          <Img src={`cid:${wireTransfer.qrImageCid}`} alt={texts.qrAlt} width="160" height="160" />
        </>
      )}
    </Section>
  );
}

/** The one call to action of a mail, in the brand's colours. */
export function ActionButton({ brand, href, label }: { brand: MailBrand; href: string; label: string }) {
  const colours = styles.brandColours(brand);
  return (
    <Section style={styles.buttonBox}>
      <Button
        href={href}
        style={{ ...styles.button, backgroundColor: colours.primary, color: colours.primaryContrast }}
      >
        {label}
      </Button>
    </Section>
  );
}

/**
 * The order page's address written out, not only behind a button: a guest copies it from here to open
 * the order or to add it to an account (the account's claim form takes the link as it is).
 */
export function OrderLinkNote({ order, locale }: { order: MailOrder; locale: Locale }) {
  const texts = mailTexts[locale].orderLink;
  return (
    <Section>
      <Text style={styles.detail}>
        {texts.label}:{' '}
        <Link style={styles.link} href={order.orderUrl}>
          {order.orderUrl}
        </Link>
      </Text>
      <Text style={styles.paragraph}>{texts.note}</Text>
    </Section>
  );
}

/**
 * The right of withdrawal in short, where to send it, and the legal pages: their full text is the
 * attached PDF, the durable medium after a distance contract (docs/decisions/026).
 */
export function WithdrawalSection({
  legal,
  brand,
  locale,
}: {
  legal: LegalInformation;
  brand: MailBrand;
  locale: Locale;
}) {
  const texts = mailTexts[locale].withdrawal;
  return (
    <Section>
      <Heading as="h2" style={styles.subheading}>
        {texts.title}
      </Heading>
      <Text style={styles.paragraph}>{texts.summary(brand.seller.email)}</Text>
      <Text style={styles.paragraph}>{texts.attachment(legal.attachment)}</Text>
      <Text style={styles.detail}>
        {texts.pages}{' '}
        {legal.pages.map((page, index) => (
          <span key={page.url}>
            {index > 0 ? ' · ' : ''}
            <Link style={styles.link} href={page.url}>
              {page.title}
            </Link>
          </span>
        ))}
      </Text>
    </Section>
  );
}
