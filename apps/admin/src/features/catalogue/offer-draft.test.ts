import { describe, expect, it } from 'vitest';
import { emptyOffer, offerInputOf, variantValuesOf } from './offer-draft.ts';
import { offerFilterFromParams, offerFilterToParams } from './offer-filter.ts';

const messages = { euros: 'euros?', number: 'number?' };

describe('the offer form as the API input', () => {
  it('sends typed euros as cents, empty optional numbers as null and "every brand" as null', () => {
    const draft = {
      ...emptyOffer(''),
      hotelId: 7,
      pets: 'allowed' as const,
      petsFee: '12,5',
      minStayNights: '',
      variants: [
        { nights: '2', persons: '2', price: '299,00', original: '', stock: '10', net: '' },
        { nights: '3', persons: '2', price: '1.15', original: '450', stock: '0', net: '0,80' },
      ],
    };
    const { input, errors } = offerInputOf(draft, messages);
    expect(errors).toEqual({});
    expect(input.brand).toBeNull();
    expect(input.minStayNights).toBeNull();
    expect(input.pets).toEqual({ policy: 'allowed', feePerNightCents: 1250 });
    expect(input.variants).toEqual([
      { nights: 2, persons: 2, priceCents: 29_900, originalPriceCents: 0, stock: 10, netRateCents: null },
      { nights: 3, persons: 2, priceCents: 115, originalPriceCents: 45_000, stock: 0, netRateCents: 80 },
    ]);
  });

  it('names each field it cannot read, at its path', () => {
    const draft = {
      ...emptyOffer('autoclub'),
      minStayNights: 'two',
      variants: [{ nights: '2', persons: 'x', price: '1.000,00', original: '', stock: '', net: 'zehn' }],
    };
    expect(offerInputOf(draft, messages).errors).toEqual({
      minStayNights: 'number?',
      'variants.0.persons': 'number?',
      'variants.0.priceCents': 'euros?',
      'variants.0.stock': 'number?',
      'variants.0.netRateCents': 'euros?',
    });
  });

  it('reads one variant row on its own', () => {
    const row = { nights: '1', persons: '1', price: '99,90', original: '129', stock: '3', net: '60' };
    expect(variantValuesOf(row, messages)).toEqual({
      values: {
        nights: 1,
        persons: 1,
        priceCents: 9990,
        originalPriceCents: 12_900,
        stock: 3,
        netRateCents: 6000,
      },
      errors: {},
    });
    expect(variantValuesOf({ ...row, price: '' }, messages).errors).toEqual({ priceCents: 'euros?' });
  });
});

describe('the offers list filter in the address', () => {
  it('keeps what is valid and drops what a hand-edited address got wrong', () => {
    const filter = offerFilterFromParams(
      new URLSearchParams('query=%20see%20&brand=autoclub&state=gone&page=0'),
    );
    expect(filter).toEqual({ query: 'see', brand: 'autoclub', state: '', page: 1 });
    expect(offerFilterToParams({ ...filter, state: 'inactive', page: 2 }).toString()).toBe(
      'query=see&brand=autoclub&state=inactive&page=2',
    );
  });
});
