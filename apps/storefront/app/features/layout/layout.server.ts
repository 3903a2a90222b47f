import type { contentOverviewSchema, menuSchema, Promotion } from '@shop/contracts/catalogue';
import type { ShopContext } from '@shop/contracts/shop-context';
import type { Output } from '#app/lib/contract-types.ts';
import type { ShopData } from '#app/lib/shop-data.ts';

/**
 * Navigation of the top bar (menu countries and themes, the bargain link) and the footer menu
 * (content extension point).
 */
export async function loadNavigation(
  shop: ShopContext,
): Promise<Pick<ShopData, 'menu' | 'footer' | 'bargain'>> {
  const [menu, content, promotions] = await Promise.all([
    shop.api<Output<typeof menuSchema>>('/api/menu'),
    shop.api<Output<typeof contentOverviewSchema>>('/api/content'),
    shop.api<Promotion[]>('/api/offer/promotions'),
  ]);
  const countries = menu.ok
    ? menu.data.countries.map((country) => ({ iso: country.key, name: country.value }))
    : [];
  // SPEC §3: only themes with a value belong in the menu.
  const themes = menu.ok
    ? menu.data.themes.flatMap((theme) => (theme.value ? [{ id: theme.key, name: theme.value }] : []))
    : [];
  const footer = content.ok
    ? content.data.extensionPoints.footerMenu.flatMap((name) => {
        const page = content.data.pages.find((candidate) => candidate.name === name);
        return page ? [{ slug: page.slug, title: page.title }] : [];
      })
    : [];
  const deal = promotions.ok
    ? promotions.data.find((promotion) => promotion.active && promotion.promotionType === 'Custom:deal')
    : undefined;
  return {
    menu: { countries, themes },
    footer,
    bargain: deal ? { href: bargainHref(shop, deal.name) } : null,
  };
}

/** SPEC §2 bargain link: the brand's landing page for the deal promotion, else its promotion redirect. */
function bargainHref(shop: ShopContext, promotion: string): string {
  const landing = shop.brand.landingPages.find(
    (page) => page.promotion.toLowerCase() === promotion.toLowerCase(),
  );
  return landing ? landing.path : `/willkommen/${encodeURIComponent(promotion)}`;
}
