import type { availableThemesSchema, menuSchema } from '@shop/contracts/catalogue';
import type { Locale } from '@shop/contracts/locale';
import type { ShopContext } from '@shop/contracts/shop-context';
import { canonicalLocale, themePath } from '@shop/contracts/site-paths';
import { useLoaderData } from 'react-router';
import { RefinedSearchPage } from '#app/features/search/components/refined-search-page.tsx';
import { loadRefinedPage } from '#app/features/search/refined-page.server.ts';
import { translatorFor } from '#app/i18n/messages.server.ts';
import { notFound } from '#app/lib/api.server.ts';
import type { Output } from '#app/lib/contract-types.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';

/** /thema/:name?/:id — the id selects the theme; the name is decoration. */
export async function loader({ context: { shop }, request, params }: LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  if (id < 1) notFound();
  const t = translatorFor(shop.locale);
  // The canonical address spells the name in one language, whichever the visitor reads.
  const preferred = canonicalLocale(shop.brand.locales);
  const [name, canonicalName] = await Promise.all([
    findThemeName(shop, id, shop.locale),
    preferred === shop.locale ? null : findThemeName(shop, id, preferred),
  ]);
  if (!name) notFound();
  return loadRefinedPage(shop, request, {
    name: name,
    path: themePath(id, canonicalName ?? name),
    heading: t('theme.title', { theme: name }),
    description: t('theme.description', { theme: name }),
    base: { theme: id },
  });
}

async function findThemeName(shop: ShopContext, id: number, locale: Locale): Promise<string | null> {
  const [menu, available] = await Promise.all([
    shop.api<Output<typeof menuSchema>>('/api/menu', { locale }),
    shop.api<Output<typeof availableThemesSchema>>('/api/offer/available-themes', { locale }),
  ]);
  return (
    (menu.ok ? menu.data.themes.find((theme) => theme.key === id)?.value : null) ??
    (available.ok ? available.data.find((theme) => theme.id === id)?.name : null) ??
    null
  );
}

export const meta = pageMeta;

export default function ThemeRoute() {
  return <RefinedSearchPage {...useLoaderData<typeof loader>()} />;
}
