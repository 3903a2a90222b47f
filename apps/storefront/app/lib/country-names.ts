import { useMemo } from 'react';
import { useShop } from './shop-data.ts';

/** A country's name in the page's language, from its ISO code ("AT" → "Österreich", "Austria"). */
export function useCountryName(): (iso: string) => string {
  const { locale } = useShop();
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (iso: string) => names.of(iso) ?? iso;
  }, [locale]);
}
