import type { Offer, OfferData } from '@shop/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '#app/i18n/messages.server.ts';
import { presentOfferFacts } from './offer-facts.server.ts';

const offer = { validityYears: 3 } as Offer;
function details(terms: Partial<OfferData['terms']>): OfferData {
  return {
    board: { code: 'HP', short: 'Halbpension', name: 'Halbpension' },
    terms: {
      arrivalDays: [],
      minStayNights: null,
      children: null,
      pets: null,
      blackoutPeriods: [],
      inclusions: [],
      saleEndsAt: null,
      ...terms,
    },
  } as OfferData;
}
const facts = (locale: 'de' | 'en' | 'it', terms: Partial<OfferData['terms']>) =>
  presentOfferFacts(translatorFor(locale), offer, details(terms));

describe('offer terms in words', () => {
  it('says arrival days as a run across the week’s end, a short list, or any day', () => {
    expect(facts('de', { arrivalDays: [1, 2, 3, 4, 7] }).arrival).toBe('Sonntag bis Donnerstag');
    expect(facts('en', { arrivalDays: [1, 2, 3, 4, 5] }).arrival).toBe('Monday to Friday');
    expect(facts('it', { arrivalDays: [5, 6] }).arrival).toBe('solo venerdì e sabato');
    expect(facts('en', { arrivalDays: [6] }).arrival).toBe('only on Saturday');
    expect(facts('de', { arrivalDays: [] }).arrival).toBe('an jedem Wochentag');
    expect(facts('en', { arrivalDays: [1, 3, 5] }).arrival).toBe('only on Monday, Wednesday and Friday');
  });

  it('gives children’s age bands, adults-only and an unknown policy', () => {
    const children = {
      isAllowed: true,
      minimumAge: null,
      bands: [
        { fromAge: 0, toAge: 5, pricePercent: 0 },
        { fromAge: 6, toAge: 11, pricePercent: 50 },
      ],
    };
    expect(facts('de', { children }).children.bands).toEqual([
      '0–5 Jahre: kostenlos',
      '6–11 Jahre: 50 % des Erwachsenenpreises',
    ]);
    expect(
      facts('it', { children: { isAllowed: false, minimumAge: null, bands: [] } }).children.text,
    ).toMatch(/^Solo adulti/);
    expect(facts('en', {}).children.text).toBe('Please ask the hotel.');
  });

  it('answers the FAQ from the data: pets with their fee, inclusions, blackout dates', () => {
    const answer = (key: string, locale: 'de' | 'en' | 'it', terms: Partial<OfferData['terms']>) =>
      facts(locale, terms).faq.find((entry) => entry.key === key)?.answer;
    const fee = { total: 1500, currency: 'EUR' as const, display: '€ 15.00' };
    expect(answer('pets', 'en', { pets: { policy: 'allowed', feePerNight: fee } })).toBe(
      'Allowed, € 15.00 per pet per night (payable at the hotel).',
    );
    expect(
      answer('included', 'de', {
        inclusions: [{ code: 'green-fee', label: 'Greenfee', quantity: 2, per: 'person' }],
      }),
    ).toBe('Übernachtungen laut gewähltem Gutschein; Halbpension; 2 × Greenfee, pro Person');
    expect(
      answer('blackouts', 'it', {
        blackoutPeriods: [
          {
            from: '2026-12-23',
            to: '2027-01-06',
            reason: 'christmas-new-year',
            display: '23 dic 2026 – 6 gen 2027',
          },
        ],
      }),
    ).toBe('23 dic 2026 – 6 gen 2027 (Natale e Capodanno)');
    expect(answer('validity', 'de', {})).toBe('Der Gutschein ist 3 Jahre gültig.');
  });
});
