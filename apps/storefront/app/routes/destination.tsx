import type { availableCountriesSchema, menuSchema } from '@shop/contracts/catalogue';
import type { Locale } from '@shop/contracts/locale';
import type { ShopContext } from '@shop/contracts/shop-context';
import { canonicalLocale, destinationPath } from '@shop/contracts/site-paths';
import { useLoaderData } from 'react-router';
import { RefinedSearchPage } from '#app/features/search/components/refined-search-page.tsx';
import { loadRefinedPage } from '#app/features/search/refined-page.server.ts';
import { translatorFor } from '#app/i18n/messages.server.ts';
import { notFound } from '#app/lib/api.server.ts';
import type { Output } from '#app/lib/contract-types.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';

/** /reiseziel/:iso/:country? — the country name segment is for people and search engines only. */
export async function loader({ context: { shop }, request, params }: LoaderArgs) {
  const iso = (params.iso ?? '').toUpperCase();
  if (!/^[A-Z]{2}$/.test(iso)) notFound();
  const t = translatorFor(shop.locale);
  // The canonical address spells the name in one language, whichever the visitor reads.
  const preferred = canonicalLocale(shop.brand.locales);
  const [country, canonicalName] = await Promise.all([
    findCountryName(shop, iso, shop.locale),
    preferred === shop.locale ? null : findCountryName(shop, iso, preferred),
  ]);
  if (!country) notFound();
  return loadRefinedPage(shop, request, {
    name: country,
    path: destinationPath(iso, canonicalName ?? country),
    heading: t('destination.title', { country: country }),
    description: t('destination.description', { country: country }),
    base: { country: iso },
  });
}

async function findCountryName(shop: ShopContext, iso: string, locale: Locale): Promise<string | null> {
  const [menu, available] = await Promise.all([
    shop.api<Output<typeof menuSchema>>('/api/menu', { locale }),
    shop.api<Output<typeof availableCountriesSchema>>('/api/offer/available-countries', { locale }),
  ]);
  return (
    (menu.ok ? menu.data.countries.find((entry) => entry.key === iso)?.value : null) ??
    (available.ok ? available.data.find((entry) => entry.iso === iso)?.name : null) ??
    null
  );
}

export const meta = pageMeta;

export default function DestinationRoute() {
  return <RefinedSearchPage {...useLoaderData<typeof loader>()} />;
}
