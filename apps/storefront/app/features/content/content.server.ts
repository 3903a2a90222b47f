import type { contentPageSchema } from '@shop/contracts/catalogue';
import type { ShopContext } from '@shop/contracts/shop-context';
import { contentPath } from '@shop/contracts/site-paths';
import type { Output } from '#app/lib/contract-types.ts';
import { metaFor } from '#app/lib/page-meta.server.ts';

export type ContentPage = Output<typeof contentPageSchema>;

/** A content page by slug (the API matches case-insensitively), or null when there is none. */
export async function loadContentPage(shop: ShopContext, slug: string) {
  const result = await shop.api<ContentPage>(`/api/content/${encodeURIComponent(slug)}`);
  if (!result.ok) return null;
  const page = result.data;
  const summary = page.body
    .replace(/[#*_[\]()>-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 155);
  return {
    page,
    meta: metaFor(shop, {
      title: page.title,
      description: summary || page.title,
      path: contentPath(page.slug),
    }),
  };
}
