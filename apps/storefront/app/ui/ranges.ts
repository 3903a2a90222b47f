import type { Translate } from '#app/i18n/translate.ts';

type Range = { min: number; max: number };

export function nightsText(t: Translate, range: Range): string {
  if (range.min !== range.max) return t('offer.nightsRange', range);
  return range.min === 1 ? t('offer.night') : t('offer.nights', { count: range.min });
}

export function personsText(t: Translate, range: Range): string {
  if (range.min !== range.max) return t('offer.personsRange', range);
  return range.min === 1 ? t('offer.person') : t('offer.persons', { count: range.min });
}
