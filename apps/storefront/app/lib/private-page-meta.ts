import type { HeadersFunction, MetaDescriptor } from 'react-router';
import type { MessageKey } from '#app/i18n/de.ts';
import { createTranslate } from '#app/i18n/translate.ts';
import type { ShopData } from './shop-data.ts';

/**
 * The response headers of the same pages: no cache may keep them, neither the browser's nor the
 * server's page cache (`page-cache.ts` keeps only shareable pages). Their addresses carry the order
 * key, and what they show belongs to one customer.
 */
export const privatePageHeaders: HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/**
 * <head> of the client-rendered pages (cart, checkout, order): a title from the root's dictionary,
 * kept out of search engines, and no Referer to other sites (order addresses carry the order key).
 */
export function privatePageMeta(titleKey: MessageKey) {
  return ({
    matches,
  }: {
    matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
  }): MetaDescriptor[] => {
    const shop = matches.find((match) => match?.id === 'root')?.data as ShopData | undefined;
    const title = shop ? `${createTranslate(shop.messages)(titleKey)} | ${shop.brand.storeName}` : titleKey;
    return [
      { title },
      { name: 'robots', content: 'noindex, nofollow' },
      { name: 'referrer', content: 'same-origin' },
    ];
  };
}
