import type { Promotion } from '@shop/contracts/catalogue';
import type { Audience, CatalogueContext } from '#src/modules/catalogue/catalogue-context.ts';
import { summariesOf } from '#src/modules/offers/offers.service.ts';
import {
  findCurrentPromotion,
  findCurrentPromotions,
  findPromotionOfferIds,
  type PromotionRow,
} from './promotions.repository.ts';

export const promotionOffersLimit = 48;

const isoDate = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function presentPromotion(row: PromotionRow): Promotion {
  return {
    name: row.name,
    promotionType: row.promotion_type,
    type: row.type,
    title: row.title,
    description: row.description,
    active: row.is_active,
    from: isoDate(row.valid_from),
    to: isoDate(row.valid_to),
    count: row.count,
  };
}

export function listCurrentPromotions(context: CatalogueContext, audience: Audience): Promise<Promotion[]> {
  return context.cached(audience, 'promotions', async () =>
    (await findCurrentPromotions(context.db, audience.brand.id, audience.locale)).map(presentPromotion),
  );
}

export function getPromotion(context: CatalogueContext, audience: Audience, name: string) {
  return context.cached(audience, `promotion:${name.toLowerCase()}`, async () => {
    const row = await findCurrentPromotion(context.db, name, audience.brand.id, audience.locale);
    if (!row) return undefined;
    const ids = await findPromotionOfferIds(context.db, row.id, audience.brand.id, promotionOffersLimit);
    return { promotion: presentPromotion(row), items: await summariesOf(context, ids, audience.locale) };
  });
}
