/**
 * Content pages and extension points in the back office (issue 26): each brand's pages per language
 * (markdown, with the shop's own preview), the default pages every brand shows unless it has its own
 * (brand `null`), and the named lists the shop shows in fixed places: the footer menu and the home
 * page's pages, each a list of page names.
 */
import { z } from 'zod';
import { locales } from './locale.ts';
import { messageKeys } from './message-keys.ts';
import { idParam } from './params.ts';
import { text } from './text.ts';

/** A page's address in the shop (`/{slug}`): lower-case letters, digits and single dashes. */
export const contentSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const contentSlug = text().trim().min(1).max(80).regex(contentSlugPattern, messageKeys.slug);
/**
 * Addresses the shop or the server answer themselves (apps/storefront/app/routes.ts, the server's own
 * routes): a content page there would never be shown.
 */
export const shopOwnedSlugs: readonly string[] = [
  'account',
  'admin',
  'api',
  'assets',
  'checkout',
  'healthz',
  'metrics',
  'password-forgotten',
  'readyz',
  'urlaub-finden',
  '404',
];
/** The page's name that menus refer to (the same in every language, e.g. `imprint`). */
export const contentName = text().trim().min(1).max(60).regex(contentSlugPattern, messageKeys.slug);
/** At most 100,000 characters: a page longer than that is no page to read in a shop. */
export const contentBodyMaxLength = 100_000;
export const contentBody = text().max(contentBodyMaxLength);

export const contentLocale = z.enum(locales);
/** A brand's short name, or `null` for the default pages that every brand shows. */
export const contentBrand = text().trim().min(1).max(40).nullable();

export const contentPageListQuery = z.object({
  /** Omitted: the default pages (operators only). */
  brand: text().trim().min(1).max(40).optional(),
  locale: contentLocale.default('de'),
});
export type ContentPageListSearch = z.input<typeof contentPageListQuery>;

export const contentPageParams = z.object({ pageId: idParam });

export const adminContentPageRefSchema = z.object({
  id: z.number().int(),
  brand: text().nullable(),
  locale: contentLocale,
  slug: text(),
  name: text(),
  title: text(),
});
export type AdminContentPageRef = z.infer<typeof adminContentPageRefSchema>;

export const adminContentPageSchema = adminContentPageRefSchema.extend({ body: text() });
export type AdminContentPage = z.infer<typeof adminContentPageSchema>;

export const adminContentPageListSchema = z.object({
  brand: text().nullable(),
  locale: contentLocale,
  pages: z.array(adminContentPageRefSchema),
  /** For a brand: the default pages it shows because it has no page of its own with their slug. */
  inherited: z.array(adminContentPageRefSchema),
});
export type AdminContentPageList = z.infer<typeof adminContentPageListSchema>;

export const contentPageFields = z.object({
  slug: contentSlug,
  name: contentName,
  title: text().trim().min(1).max(200),
  body: contentBody,
});
export type ContentPageFields = z.infer<typeof contentPageFields>;

export const createContentPageSchema = contentPageFields.extend({
  brand: contentBrand,
  locale: contentLocale,
});
export type CreateContentPage = z.infer<typeof createContentPageSchema>;

export const updateContentPageSchema = contentPageFields;

export const contentPreviewRequestSchema = z.object({
  /** The brand whose company and contacts fill the placeholders; omitted: the first brand in reach. */
  brand: text().trim().min(1).max(40).optional(),
  locale: contentLocale,
  /** The imprint opens with the brand's company block, as in the shop. */
  name: text().max(60).optional(),
  title: text().max(200).default(''),
  body: contentBody,
});
export type ContentPreviewRequest = z.input<typeof contentPreviewRequestSchema>;

export const contentPreviewSchema = z.object({
  /** The brand the placeholders were filled from. */
  brand: text(),
  /** The page as the shop renders it (the same component), escaped: no markup of the author's survives. */
  html: text(),
  /** The brand's colours, which the shop sets as CSS variables on its page. */
  colors: z.record(text(), text()),
});
export type ContentPreview = z.infer<typeof contentPreviewSchema>;

/** The shop's extension points: both are ordered lists of page names. */
export const extensionPointKeys = ['footerMenu', 'home'] as const;
export type ExtensionPointKey = (typeof extensionPointKeys)[number];

export const extensionPointQuery = z.object({
  brand: text().trim().min(1).max(40).optional(),
  locale: contentLocale.default('de'),
});

const pageNames = z.array(contentName).max(40);

export const extensionPointsSchema = z.object({
  brand: text().nullable(),
  locale: contentLocale,
  /** A brand's own list, or `null`: it shows the default list (`defaults`). */
  footerMenu: z.array(text()).nullable(),
  home: z.array(text()).nullable(),
  defaults: z.object({ footerMenu: z.array(text()), home: z.array(text()) }),
  /** The pages the brand shows in the language, to choose from. */
  pages: z.array(z.object({ name: text(), slug: text(), title: text() })),
});
export type ExtensionPoints = z.infer<typeof extensionPointsSchema>;

export const putExtensionPointsSchema = z.object({
  brand: contentBrand,
  locale: contentLocale,
  /** `null` for a brand: show the default list again. */
  footerMenu: pageNames.nullable(),
  home: pageNames.nullable(),
});
export type PutExtensionPoints = z.infer<typeof putExtensionPointsSchema>;
