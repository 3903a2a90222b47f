/**
 * The company that sells under a brand, as its config names it (docs/decisions/025): the one source of
 * the imprint's company block, the terms' and other content pages' company data, the vouchers' and the
 * mails' footers. Invoices take the same config fields into their snapshot when they are issued
 * (invoice-snapshot.ts). Nothing else may print a seller's address, register entry or VAT ID.
 */
import { type Locale, localeIso } from '@shop/contracts/locale';
import { documentTexts } from '#src/modules/documents/document-texts.ts';
import type { BrandConfig } from './brand-config.ts';

export type Seller = {
  name: string;
  /** Null without the config's `legal` block (a brand that cannot invoice either). */
  street: string | null;
  postcode: string | null;
  city: string | null;
  /** ISO code. */
  country: string | null;
  vatId: string | null;
  taxNumber: string | null;
  register: string | null;
  managingDirectors: string | null;
  email: string;
  phone: string;
};

export function sellerOf(config: BrandConfig): Seller {
  const { legal } = config;
  return {
    name: config.company,
    street: legal?.street ?? null,
    postcode: legal?.postcode ?? null,
    city: legal?.city ?? null,
    country: legal?.country ?? null,
    vatId: legal?.vatId ?? null,
    taxNumber: legal?.taxNumber ?? null,
    register: legal?.register ?? null,
    managingDirectors: legal?.managingDirectors ?? null,
    email: config.supportMail,
    phone: config.supportPhone,
  };
}

/** A country's name in the reader's language ("Deutschland", "Germany", "Germania"). */
export function countryName(iso: string, locale: Locale): string {
  return new Intl.DisplayNames([localeIso[locale]], { type: 'region' }).of(iso) ?? iso;
}

/** "Leopoldstraße 8, 80802 München", or null without an address. */
export function sellerAddress(seller: Seller): string | null {
  if (!seller.street) return null;
  return `${seller.street}, ${[seller.postcode, seller.city].filter(Boolean).join(' ')}`;
}

/**
 * The seller in two footer lines, in the reader's language: who and where, then the register entry,
 * VAT ID and tax number ("Registereintrag HRB 234567, Amtsgericht München · USt-IdNr. DE301234567").
 */
export function sellerFooterLines(seller: Seller, locale: Locale): string[] {
  const t = documentTexts[locale].invoice;
  const address = sellerAddress(seller);
  return [
    [seller.name, address && seller.country ? `${address}, ${countryName(seller.country, locale)}` : address],
    [
      seller.register && `${t.register} ${seller.register}`,
      seller.vatId && `${t.vatId} ${seller.vatId}`,
      seller.taxNumber && `${t.taxNumber} ${seller.taxNumber}`,
    ],
  ]
    .map((parts) => parts.filter(Boolean).join(' · '))
    .filter(Boolean);
}

const imprintTexts: Record<Locale, { heading: string; contact: string; phone: string; email: string }> = {
  de: { heading: 'Angaben zum Anbieter', contact: 'Kontakt', phone: 'Telefon', email: 'E-Mail' },
  en: { heading: 'Provider', contact: 'Contact', phone: 'phone', email: 'e-mail' },
  it: { heading: 'Dati del gestore', contact: 'Contatti', phone: 'telefono', email: 'e-mail' },
};

/** The seller's postal address as Markdown lines (name, street, town, country). */
export function sellerAddressMarkdown(seller: Seller, locale: Locale): string {
  return [
    seller.name,
    seller.street,
    [seller.postcode, seller.city].filter(Boolean).join(' '),
    seller.country && countryName(seller.country, locale),
  ]
    .filter(Boolean)
    .join('  \n');
}

/**
 * The imprint's company block (Markdown): always rendered from the config and put before whatever the
 * imprint page itself says, so that no page text can name another company.
 */
export function imprintMarkdown(seller: Seller, locale: Locale): string {
  const t = documentTexts[locale].invoice;
  const words = imprintTexts[locale];
  const field = (label: string, value: string | null) => value && `**${label}:** ${value}`;
  return [
    `## ${words.heading}`,
    sellerAddressMarkdown(seller, locale),
    field(t.managingDirectors, seller.managingDirectors),
    `**${words.contact}:** ${words.phone} [${seller.phone}](tel:${seller.phone.replace(/[^+\d]/g, '')}), ${words.email} [${seller.email}](mailto:${seller.email})`,
    field(t.register, seller.register),
    field(t.vatId, seller.vatId),
    field(t.taxNumber, seller.taxNumber),
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * A content page's text with the seller's data filled in: `{{company}}`, `{{address}}` (Markdown lines),
 * `{{email}}` and `{{phone}}` (the service contacts). The shared pages (terms, privacy, contact) name
 * every brand's own seller this way.
 */
export function fillSellerPlaceholders(text: string, seller: Seller, locale: Locale): string {
  const values: Record<string, string> = {
    company: seller.name,
    address: sellerAddressMarkdown(seller, locale),
    email: seller.email,
    phone: seller.phone,
  };
  return text.replace(/\{\{(company|address|email|phone)\}\}/g, (_, key: string) => values[key] ?? '');
}
