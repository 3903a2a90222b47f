import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useBrandTexts } from '../../i18n/brand-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { brandsQuery } from './api/brand-config.ts';

/** /admin/brands (operators, brand managers): the brands in the member's scope, each to its configuration. */
export function BrandsScreen() {
  const { t } = useI18n();
  const texts = useBrandTexts();
  const brands = useQuery(brandsQuery());
  return (
    <div className="stack">
      <PageHeading>{texts.title}</PageHeading>
      <p>{texts.intro}</p>
      <ProblemMessage error={brands.error} />
      {brands.data ? (
        brands.data.length === 0 ? (
          <p>{texts.none}</p>
        ) : (
          <DataTable
            caption={texts.title}
            head={[texts.columns.name, texts.columns.short, texts.columns.actions]}
            rows={brands.data.map((brand) => [
              brand.name,
              brand.short,
              <Link key="edit" to={`/brands/${brand.short}`}>
                {texts.edit}
                <span className="visually-hidden"> {texts.editFor(brand.name)}</span>
              </Link>,
            ])}
          />
        )
      ) : brands.isPending ? (
        <p role="status">{t.app.loading}</p>
      ) : null}
    </div>
  );
}
