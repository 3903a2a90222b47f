import { isLocale, type Locale, locales } from '@shop/contracts/locale';
import { useState } from 'react';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { SelectField } from '../../ui/select-field.tsx';

const languageNames = { de: 'Deutsch', en: 'English', it: 'Italiano' } as const;

/**
 * The UI's language; each language named in itself, so that anyone finds their own. The choice shows
 * while its texts load; when they cannot be loaded, the page says so and stays in its language.
 */
export function LanguageSwitch() {
  const { t, locale, setLocale } = useI18n();
  const announce = useAnnounce();
  const [pending, setPending] = useState<Locale | null>(null);
  return (
    <SelectField
      label={t.app.language}
      value={pending ?? locale}
      options={locales.map((id) => ({ id, label: languageNames[id] }))}
      onChange={(value) => {
        if (!isLocale(value)) return;
        setPending(value);
        void setLocale(value).then((switched) => {
          setPending((current) => (current === value ? null : current));
          if (!switched) announce(t.app.failed);
        });
      }}
    />
  );
}
