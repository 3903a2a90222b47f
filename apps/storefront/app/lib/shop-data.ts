import type { BrandConfig } from '@shop/contracts/brand-config';
import type { Locale } from '@shop/contracts/locale';
import type { MapTiles } from '@shop/contracts/map-tiles';
import { useRouteLoaderData } from 'react-router';
import type { Messages } from '#app/i18n/de.ts';
import { createTranslate, type Translate } from '#app/i18n/translate.ts';

/** What the root loader hands every page: brand, language, its UI strings and the navigation. */
export type ShopData = {
  locale: Locale;
  brand: BrandConfig;
  messages: Messages;
  origin: string;
  /** Payments are simulated on this installation (PAYMENTS_MODE=sandbox). */
  isPaymentSandbox: boolean;
  /** Where the maps' tiles come from (null: none, the maps draw country outlines only). */
  mapTiles: MapTiles | null;
  menu: {
    countries: { iso: string; name: string }[];
    themes: { id: number; name: string }[];
  };
  footer: { slug: string; title: string }[];
  /** SPEC §2 bargain link: where the brand's current 'Custom:deal' promotion is shown, if it runs one. */
  bargain: { href: string } | null;
};

export function useShopData(): ShopData | undefined {
  return useRouteLoaderData('root') as ShopData | undefined;
}

export function useShop(): ShopData {
  const data = useShopData();
  if (!data) throw new Error('useShop outside the shop layout');
  return data;
}

const translators = new WeakMap<Messages, Translate>();

/** The page language's translate function. */
export function useT(): Translate {
  const messages = useShopData()?.messages;
  if (!messages) return (key) => key;
  let translate = translators.get(messages);
  if (!translate) {
    translate = createTranslate(messages);
    translators.set(messages, translate);
  }
  return translate;
}
