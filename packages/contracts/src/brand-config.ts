import { z } from 'zod';
import { locales } from './locale.ts';
import { addressCountries } from './orders.ts';
import { text } from './text.ts';

/*
 * A brand's static configuration (SPEC §1), one JSON file per brand on the asset host. The server
 * validates every file against this schema when it reads it, so that a typo in a partner's config is
 * a start-up message naming the brand and the field, not a broken page or a tag that silently never
 * loads. Unknown fields are refused for the same reason.
 */

const hexColour = text().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb');
const nonEmpty = text().trim().min(1);
/** Site-relative (`/assets/…`) or absolute http(s) addresses. */
const address = text().regex(/^(\/(?!\/)|https?:\/\/)/, 'an address starting with / or http(s)://');
const translations = <T extends z.ZodType>(value: T) => z.partialRecord(z.enum(locales), value);

const heroBox = z.strictObject({
  width: z.number().int().min(1).max(4000),
  height: z.number().int().min(1).max(4000),
  crop: z.boolean(),
});

const regularExpression = text().refine((pattern) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}, 'a valid regular expression');

/** How a membership number's last digit checks the others. */
export const membershipCheckDigits = ['luhn', 'mod11'] as const;
export type MembershipCheckDigit = (typeof membershipCheckDigits)[number];

export const membershipRuleSchema = z.strictObject({
  /** The whole number must match (anchors are implied). */
  pattern: regularExpression,
  /** null = the pattern alone decides. */
  checkDigit: z.enum(membershipCheckDigits).nullable().default(null),
  /** The buyer may leave the number empty (SPEC §5: "membership number may be skipped"). */
  optional: z.boolean().default(true),
  /** A valid number as printed on the members' cards, shown beside the field as its format. */
  example: text().trim().min(1).max(40).nullable().default(null),
});
export type MembershipRule = z.infer<typeof membershipRuleSchema>;

/** A premium band: vouchers worth up to `upToCents` (inclusive) pay these premiums. */
const insuranceTariff = z.strictObject({
  upToCents: z.number().int().positive(),
  cancellationCents: z.number().int().nonnegative(),
  curtailmentCents: z.number().int().nonnegative(),
});

/**
 * The insurer as the buyer must be told before the contract (IDD / § 7 VVG): its name and address, and
 * how it bills the premium. Unset: the built-in sandbox insurer (a demo: its policies are specimens).
 */
const insurerSchema = z
  .strictObject({
    name: nonEmpty,
    /** One line: street, postcode, city, country. */
    address: nonEmpty,
    /** The insurer sends its premium invoice within this many days of the booking. */
    invoiceWithinDays: z.number().int().min(1).max(60).default(14),
    /** The invoice is due this many days after it is issued. */
    paymentTermDays: z.number().int().min(1).max(60).default(14),
  })
  .default({
    name: 'Sandbox Reiseversicherung (Demo)',
    address: 'Musterweg 1, 10115 Berlin, DE',
    invoiceWithinDays: 14,
    paymentTermDays: 14,
  });

export const brandConfigSchema = z
  .strictObject({
    short: text().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
    storeName: nonEmpty,
    company: nonEmpty,
    assetUrl: address,
    logo: z.strictObject({
      url: address,
      alt: nonEmpty,
      width: z.number().int().positive(),
      height: z.number().int().positive(),
    }),
    colors: z.strictObject({
      primary: hexColour,
      primaryContrast: hexColour,
      accent: hexColour,
      accentContrast: hexColour,
    }),
    /** The service address: shown in the shop, the documents and the mails, and the mails' Reply-To. */
    supportMail: text().check(z.email()),
    supportPhone: nonEmpty,
    /**
     * Who the brand's mails come from; each field unset = its default. `name`: the From display name
     * (default storeName). `address`: the From address (default MAIL_FROM's address; a brand's own
     * address needs the mail server to be allowed to send for its domain: SPF, DKIM). `replyTo`: where
     * replies go (default supportMail).
     */
    mailSender: z
      .strictObject({
        name: nonEmpty.optional(),
        address: text().check(z.email()).optional(),
        replyTo: text().check(z.email()).optional(),
      })
      .default({}),
    hasCookieConsent: z.boolean(),
    hasNewsletterOptin: z.boolean(),
    isStandalone: z.boolean(),
    showHeader: z.boolean(),
    fixedNavbar: z.boolean(),
    /** The languages the brand offers; null = all. */
    locales: z.array(z.enum(locales)).min(1).nullable(),
    hero: translations(z.strictObject({ title: nonEmpty, subtitle: nonEmpty })),
    /**
     * The hero picture's source: `/media/<seed>` names a generated demo picture. The media route
     * `/media/hero/<short>/<size>.webp` renders it at each `heroImageResolution` size.
     */
    heroImage: address,
    heroImageResolution: z.strictObject({ xl: heroBox, l: heroBox, m: heroBox, s: heroBox, xs: heroBox }),
    /** Extra top-level routes ("/ostern") that show a promotion's offers on the search screen. */
    landingPages: z.array(
      z.strictObject({
        path: text().regex(/^\/[a-z0-9-]+$/, 'a path like /ostern'),
        promotion: nonEmpty,
      }),
    ),
    campaignsEnabled: z.boolean(),
    /** Map tiles for the maps: a `{z}/{x}/{y}` URL template; unset = the installation's MAP_TILES_URL. */
    mapTileUrl: text()
      .check(z.url({ protocol: /^https$/ }))
      .nullish(),
    /** The tile provider's required credit, shown on the map; unset with the default tiles = OpenStreetMap's. */
    mapTileAttribution: text().nullish(),
    /** Google Analytics: a GA4 measurement id (G-…) for gtag, a property (UA-…) for Universal Analytics. */
    analyticsId: text()
      .regex(/^(G-[A-Z0-9]+|UA-\d+-\d+)$/, 'a G-… or UA-…-… id')
      .nullable(),
    analyticsType: z.enum(['gtag', 'ua', 'both']).nullable(),
    /** AWIN advertiser id (mastertag and conversion). */
    awinId: text().regex(/^\d+$/, 'digits').nullable(),
    /** adcell programme id (tracking script and conversion pixel). */
    adcell: text()
      .regex(/^[A-Za-z0-9-]+$/, 'letters, digits and dashes')
      .nullable(),
    /** Google Tag Manager container. */
    tagManager: text()
      .regex(/^GTM-[A-Z0-9]+$/, 'a GTM-… container id')
      .nullable(),
    /** Facebook (Meta) pixel id. */
    fbPixel: text().regex(/^\d+$/, 'digits').nullable(),
    /**
     * Gift cards and account credit at checkout (SPEC §9: the feature flag, off unless a brand turns it on).
     * The server refuses gift-card calls for brands without it.
     */
    hasGiftCards: z.boolean().default(false),
    /**
     * The countries a buyer's billing address may be in, in the order the checkout lists them: some of
     * SPEC §3's seven (the address rules and invoices are made for those); all seven unless set.
     */
    billingCountries: z
      .array(z.enum(addressCountries))
      .min(1)
      .refine((countries) => new Set(countries).size === countries.length, 'each country once')
      .default([...addressCountries]),
    /** Partner brands whose members give their membership number at checkout (POST /api/guard/number). */
    membershipNumber: membershipRuleSchema.nullable().default(null),
    /**
     * Travel insurance for paid vouchers: the premium table (one premium per voucher, by its value) and
     * the insurer the buyer contracts with, named with its product information sheet and conditions
     * before booking (issue 24); null = the brand offers none.
     */
    insurance: z
      .strictObject({ tariffs: z.array(insuranceTariff).min(1), insurer: insurerSchema })
      .nullable()
      .default(null),
    /**
     * The selling company as the law asks it to be named: the one source of the imprint's company block,
     * the invoices, the vouchers' and the mails' footers and the terms. Its name is `company`'s.
     */
    legal: z
      .strictObject({
        name: nonEmpty,
        street: nonEmpty,
        postcode: nonEmpty,
        city: nonEmpty,
        country: text().regex(/^[A-Z]{2}$/, 'an ISO country code'),
        vatId: nonEmpty,
        taxNumber: text().nullable(),
        register: text().nullable(),
        managingDirectors: text().nullable(),
      })
      .optional(),
    /**
     * How the brand's invoices treat VAT on vouchers (docs/decisions/015): a rate for single-purpose
     * vouchers, null for multi-purpose ones, and the note the invoice prints.
     */
    voucherVat: z
      .strictObject({
        rateBasisPoints: z.number().int().min(0).max(10_000).nullable(),
        note: z.record(z.enum(locales), nonEmpty),
      })
      .optional(),
  })
  .superRefine((config, context) => {
    // One seller per brand: the footer's and the structured data's `company` is the legal name.
    if (config.legal && config.legal.name !== config.company) {
      context.addIssue({
        code: 'custom',
        path: ['legal', 'name'],
        message: `the company's legal name, the same as company ("${config.company}")`,
      });
    }
    // An id without a type (or the reverse) would load nothing and look configured.
    if ((config.analyticsId === null) !== (config.analyticsType === null)) {
      context.addIssue({
        code: 'custom',
        path: ['analyticsType'],
        message: 'analyticsId and analyticsType are set together or not at all',
      });
    }
    if (config.analyticsType === 'gtag' && config.analyticsId?.startsWith('UA-')) {
      context.addIssue({ code: 'custom', path: ['analyticsId'], message: 'gtag needs a G-… measurement id' });
    }
    if (config.analyticsType === 'ua' && config.analyticsId?.startsWith('G-')) {
      context.addIssue({ code: 'custom', path: ['analyticsId'], message: 'ua needs a UA-… property id' });
    }
    const bands = config.insurance?.tariffs.map((tariff) => tariff.upToCents) ?? [];
    if (bands.some((upTo, index) => index > 0 && upTo <= (bands[index - 1] as number))) {
      context.addIssue({
        code: 'custom',
        path: ['insurance', 'tariffs'],
        message: 'bands in ascending order',
      });
    }
  });

/** A brand configuration as validated (defaults filled in). */
export type BrandConfig = z.infer<typeof brandConfigSchema>;

/** A brand config file that does not match the schema; the message names the brand and each field. */
export class BrandConfigError extends Error {
  override name = 'BrandConfigError';
}

/** Validates one brand's config file; throws a `BrandConfigError` naming the brand and the fields. */
export function parseBrandConfig(short: string, json: unknown): BrandConfig {
  const result = brandConfigSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(file)'}: ${issue.message}`,
    );
    throw new BrandConfigError(`brand "${short}" config: ${problems.join('; ')}`);
  }
  if (result.data.short !== short) {
    throw new BrandConfigError(`brand "${short}" config: short: says "${result.data.short}"`);
  }
  return result.data;
}
