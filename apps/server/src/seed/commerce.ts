import type * as schema from '#src/db/schema/index.ts';
import type { OfferFacts } from './offers.ts';
import { brandId } from './reference-data.ts';

type ReductionRow = typeof schema.reductions.$inferInsert;
type GiftCardRow = typeof schema.giftCards.$inferInsert;

const farFuture = new Date('2036-12-31T23:59:59Z');

/**
 * Demo promotion codes and gift cards, so every checkout path can be tried on a fresh shop: a
 * percentage, a fixed amount with a minimum order, a single-use code, an expired one and one for
 * wellness offers only (all brands), and gift cards for the brands that have them switched on.
 */
export function planDemoCommerce(facts: readonly OfferFacts[]): {
  reductions: ReductionRow[];
  giftCards: GiftCardRow[];
} {
  const reductions: ReductionRow[] = [
    {
      code: 'WILLKOMMEN10',
      name: { de: 'Willkommensrabatt 10 %', en: 'Welcome discount 10%', it: 'Sconto di benvenuto 10%' },
      operation: '%',
      value: 1000,
      maxUsesPerCustomer: 1,
      validTo: farFuture,
    },
    {
      code: 'FUENFZIG',
      name: { de: '€ 50 Rabatt ab € 100', en: '€ 50 off from € 100', it: '€ 50 di sconto da € 100' },
      operation: '+',
      value: 5000,
      minimumOrderCents: 10_000,
      validTo: farFuture,
    },
    {
      code: 'EINMAL',
      name: { de: 'Einmal-Code € 20', en: 'Single-use code € 20', it: 'Codice monouso € 20' },
      operation: '+',
      value: 2000,
      maxUses: 1,
      validTo: farFuture,
    },
    {
      code: 'ABGELAUFEN',
      name: { de: 'Abgelaufene Aktion', en: 'Expired promotion', it: 'Promozione scaduta' },
      operation: '%',
      value: 2000,
      validFrom: new Date('2024-01-01T00:00:00Z'),
      validTo: new Date('2024-12-31T23:59:59Z'),
    },
    {
      code: 'WELLNESS15',
      name: {
        de: '15 % auf Wellness-Angebote',
        en: '15% off wellness offers',
        it: '15% sulle offerte benessere',
      },
      operation: '%',
      value: 1500,
      validTo: farFuture,
      offerIds: facts.filter((offer) => offer.themes.includes('wellness')).map((offer) => offer.id),
    },
  ];
  const giftCards: GiftCardRow[] = ['familyclub', 'autoclub'].flatMap((short) => {
    const brand = brandId(short as 'familyclub' | 'autoclub');
    const prefix = short === 'familyclub' ? 'GC-DEMO' : 'GC-AUTO';
    return [5_000, 100_000].map((cents) => ({
      brandId: brand,
      tan: `${prefix}-${cents}`,
      initialCents: cents,
      balanceCents: cents,
      validTo: farFuture,
    }));
  });
  return { reductions, giftCards };
}
