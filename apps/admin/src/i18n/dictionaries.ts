import type { Locale } from '@shop/contracts/locale';
import { type Dictionary, de } from './de.ts';
import { en } from './en.ts';
import { it } from './it.ts';

export type { Dictionary };
export const dictionaries: Record<Locale, Dictionary> = { de, en, it };
