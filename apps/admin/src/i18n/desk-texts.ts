import type { DeskTexts } from './desk-texts-de.ts';
import { useI18n } from './i18n-context.tsx';

/** The hotel desk's texts (issue 27) in the UI's language: a part of the main dictionary (`t.desk`). */
export const useDeskTexts = (): DeskTexts => useI18n().t.desk;
