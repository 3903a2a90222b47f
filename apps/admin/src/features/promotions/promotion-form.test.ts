import { codeInputSchema, promotionInputSchema } from '@shop/contracts/admin-promotions';
import { describe, expect, it } from 'vitest';
import {
  batchDefaults,
  batchForm,
  codeDefaults,
  codeForm,
  formFieldOf,
  promotionForm,
} from './promotion-form.ts';

describe('the code form', () => {
  const filled = {
    ...codeDefaults(undefined, 'de'),
    code: 'HERBST25',
    nameDe: 'Herbstrabatt',
    amount: '25,50',
    minimumOrder: '100',
    offerIds: ' 12, 7 ,12',
    validTo: '2026-12-31',
  };

  it('turns euros into cents, a percentage into basis points and the offer list into ids the contract takes', () => {
    const input = codeForm.parse(filled);
    expect(input).toMatchObject({
      code: 'HERBST25',
      operation: '+',
      value: 2550,
      minimumOrderCents: 10_000,
      offerIds: [12, 7],
      maxUses: null,
      brand: null,
      validFrom: null,
      validTo: '2026-12-31',
    });
    expect(codeInputSchema.safeParse(input).success).toBe(true);
    expect(codeForm.parse({ ...filled, operation: '%', amount: '12,5' }).value).toBe(1250);
  });

  it('refuses a percentage above 100, an amount that is no amount and an end before the start', () => {
    const fields = (values: object) => {
      const result = codeForm.safeParse({ ...filled, ...values });
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(fields({ operation: '%', amount: '100,5' })).toEqual(['amount']);
    expect(fields({ amount: '1.000,00' })).toEqual(['amount']);
    expect(fields({ validFrom: '2027-01-01' })).toEqual(['validTo']);
    expect(fields({ code: 'ab' })).toEqual(['code']);
  });

  it('shows a saved code as it was typed: cents as euros, basis points as a percentage', () => {
    const values = codeDefaults(
      {
        ...codeForm.parse({ ...filled, operation: '%', amount: '7,5' }),
        id: 1,
        brand: { short: 'demo', name: 'Demo' },
        name: { de: 'Herbst', en: '', it: '' },
        value: 750,
        oncePerCustomer: true,
        state: 'running',
        usedCount: 0,
        paidOrders: 0,
        orders: [],
        ordersTotal: 0,
        offerIds: [3, 4],
      } as never,
      'de',
    );
    expect(values).toMatchObject({ brand: 'demo', amount: '7,5', offerIds: '3, 4', oncePerCustomer: true });
  });

  it('builds a batch with an upper-case prefix and the count as a number', () => {
    const input = batchForm.parse({
      ...batchDefaults(),
      nameDe: 'Flyer',
      amount: '10',
      prefix: 'flyer',
      count: '250',
    });
    expect(input).toMatchObject({ prefix: 'FLYER', count: 250, value: 1000 });
  });
});

describe('the promotion form', () => {
  it('becomes the contract’s input, an empty language left for the shop’s fallback', () => {
    const input = promotionForm.parse({
      brand: 'autoclub',
      name: 'herbst',
      promotionType: 'Campaign',
      type: 'offers',
      titleDe: 'Herbst',
      titleEn: '',
      titleIt: '',
      descriptionDe: 'Text',
      descriptionEn: '',
      descriptionIt: '',
      active: true,
      validFrom: '',
      validTo: '',
    });
    expect(promotionInputSchema.parse(input)).toMatchObject({
      brand: 'autoclub',
      title: { de: 'Herbst', en: '' },
    });
  });

  it('maps the server’s fields onto the form’s', () => {
    expect(formFieldOf('title.en')).toBe('titleEn');
    expect(formFieldOf('name.de')).toBe('nameDe');
    expect(formFieldOf('value')).toBe('amount');
    expect(formFieldOf('offerIds')).toBe('offerIds');
  });
});
