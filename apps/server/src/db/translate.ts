import { fallbackLocale, type Locale, locales } from '@shop/contracts/locale';
import { type SQL, sql } from 'drizzle-orm';
import type { TranslatedText } from './schema/types.ts';

/**
 * SQL for the text of a translated (jsonb) column in `locale`: the language itself, then English, then
 * German (which every text has). `column` is a trusted column reference such as `o.title`.
 */
export function translatedSql(column: string, locale: Locale): SQL {
  if (!(locales as readonly string[]).includes(locale)) throw new Error(`unknown locale ${locale}`);
  const chain = [...new Set([locale, fallbackLocale, 'de'])].map((l) => `${column}->>'${l}'`);
  return sql.raw(`coalesce(${chain.join(', ')}, '')`);
}

/** The same fallback for a translated value already in memory. */
export function translate(text: TranslatedText, locale: Locale): string {
  return text[locale] ?? text[fallbackLocale] ?? text.de;
}
