import { isLocale, type Locale } from '@shop/contracts/locale';
import type { Database } from '#src/db/client.ts';
import type { BrandConfig } from '#src/modules/brands/brand-config.ts';
import { fillSellerPlaceholders, sellerOf } from '#src/modules/brands/seller.ts';
import { findContentPages } from './content.repository.ts';

/**
 * The content pages a buyer receives with the order (docs/decisions/026), by page name, in this order:
 * the terms, the withdrawal information and the model withdrawal form.
 */
export const legalPageNames = ['terms', 'withdrawal', 'withdrawal-form'] as const;

export type LegalPage = { name: string; slug: string; title: string; locale: Locale; body: string };

/**
 * A brand's legal pages as the content API shows them: in the language asked for (or its fallback) and
 * with the seller of the brand's config filled in. Pages the operator has removed are left out.
 */
export async function findLegalPages(
  db: Database,
  brandId: number,
  config: BrandConfig,
  locale: Locale,
): Promise<LegalPage[]> {
  const pages = await findContentPages(db, brandId, locale);
  const seller = sellerOf(config);
  return legalPageNames.flatMap((name) => {
    const page = pages.find((candidate) => candidate.name === name);
    if (!page) return [];
    const pageLocale = isLocale(page.locale) ? page.locale : locale;
    return [
      {
        name,
        slug: page.slug,
        title: page.title,
        locale: pageLocale,
        body: fillSellerPlaceholders(page.body, seller, pageLocale),
      },
    ];
  });
}
