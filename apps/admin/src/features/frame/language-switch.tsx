import { isLocale, locales } from '@shop/contracts/locale';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { SelectField } from '../../ui/select-field.tsx';

const languageNames = { de: 'Deutsch', en: 'English', it: 'Italiano' } as const;

/** The UI's language; each language named in itself, so that anyone finds their own. */
export function LanguageSwitch() {
  const { t, locale, setLocale } = useI18n();
  return (
    <SelectField
      label={t.app.language}
      value={locale}
      options={locales.map((id) => ({ id, label: languageNames[id] }))}
      onChange={(value) => {
        if (isLocale(value)) setLocale(value);
      }}
    />
  );
}
