import { type PromotionState, promotionStates } from '@shop/contracts/admin-promotions';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { usePromotionTexts } from '../../i18n/promotion-texts.ts';
import { useFilterDraft } from '../../lib/filter-draft.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { Pager } from '../../ui/pager.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { BrandSelect } from '../orders/components/brand-select.tsx';
import { promotionsQuery } from './api/promotions.ts';
import { useCanEdit } from './form-parts.tsx';
import { type ListFilter, listFilterOf, listParamsOf } from './list-filter.ts';

/** A period as the lists show it: "from – to", an open end as "open". */
export function usePeriod() {
  const { locale } = useI18n();
  const texts = usePromotionTexts();
  const format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale === 'it' ? 'it-IT' : 'de-DE', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  });
  const day = (value: string | null) => (value ? format.format(new Date(`${value}T00:00:00Z`)) : texts.open);
  return (from: string | null, to: string | null) => `${day(from)} – ${day(to)}`;
}

/** /admin/promotions: the promotions by brand, state and name, newest first; a new one. */
export function PromotionsScreen() {
  const { t, locale } = useI18n();
  const texts = usePromotionTexts();
  const { canEdit } = useCanEdit();
  const period = usePeriod();
  const [params, setParams] = useSearchParams();
  const filter = listFilterOf(params, promotionStates);
  const promotions = useQuery(
    promotionsQuery({
      ...(filter.brand ? { brand: filter.brand } : {}),
      ...(filter.query ? { query: filter.query } : {}),
      ...(filter.state ? { state: filter.state as PromotionState } : {}),
      page: filter.page,
    }),
  );
  const go = (next: ListFilter) => setParams(listParamsOf(next));
  const pages = promotions.data
    ? Math.max(1, Math.ceil(promotions.data.total / promotions.data.pageSize))
    : 1;
  return (
    <div className="stack">
      <PageHeading>{texts.promotions.title}</PageHeading>
      <p>{texts.promotions.intro}</p>
      {canEdit ? (
        <p>
          <Link className="button primary" to="/promotions/new">
            {texts.promotions.create}
          </Link>
        </p>
      ) : null}
      <ListFilters
        key={params.toString()}
        filter={filter}
        label={texts.promotions.filters}
        queryLabel={texts.promotions.query}
        states={promotionStates.map((state) => ({ id: state, label: texts.promotionStates[state] }))}
        onApply={(next) => go({ ...next, page: 1 })}
      />
      <ProblemMessage error={promotions.error} />
      {promotions.data ? (
        <section aria-labelledby="promotions-found" className="stack" aria-busy={promotions.isFetching}>
          <h2 id="promotions-found" className="results-count" aria-live="polite">
            {texts.promotions.found(promotions.data.total)}
          </h2>
          {promotions.data.promotions.length === 0 ? null : (
            <DataTable
              caption={texts.promotions.title}
              head={[
                texts.promotions.columns.name,
                texts.promotions.columns.title,
                texts.promotions.columns.brand,
                texts.promotions.columns.type,
                texts.promotions.columns.period,
                texts.promotions.columns.state,
                texts.promotions.columns.offers,
              ]}
              numeric={[6]}
              rows={promotions.data.promotions.map((promotion) => [
                <Link key="name" to={`/promotions/${promotion.id}`}>
                  {promotion.name}
                </Link>,
                promotion.title[locale] || promotion.title.de,
                promotion.brand?.name ?? texts.allBrands,
                promotion.promotionType,
                period(promotion.validFrom, promotion.validTo),
                texts.promotionStates[promotion.state],
                promotion.offers,
              ])}
            />
          )}
          <Pager page={filter.page} pages={pages} onPage={(page) => go({ ...filter, page })} />
        </section>
      ) : promotions.isPending ? (
        <p role="status">{t.app.loading}</p>
      ) : null}
    </div>
  );
}

/** Brand and state apply at once, the text with the button or Enter (promotions and codes alike). */
export function ListFilters({
  filter,
  label,
  queryLabel,
  states,
  onApply,
}: {
  filter: ListFilter;
  label: string;
  queryLabel: string;
  states: { id: string; label: string }[];
  onApply(filter: ListFilter): void;
}) {
  const texts = usePromotionTexts();
  const { draft, change, apply } = useFilterDraft(filter, onApply);
  return (
    <Form
      className="filters"
      aria-label={label}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <BrandSelect
        label={texts.brand}
        anyLabel={texts.allBrands}
        value={draft.brand}
        onChange={(brand) => change({ brand }, true)}
      />
      <TextField className="field" value={draft.query} onChange={(query) => change({ query })}>
        <Label>{queryLabel}</Label>
        <Input />
      </TextField>
      <SelectField
        label={texts.state}
        value={draft.state}
        options={[{ id: '', label: texts.anyState }, ...states]}
        onChange={(state) => change({ state }, true)}
      />
      <div className="filter-buttons">
        <Button type="submit" className="button primary">
          {texts.search}
        </Button>
      </div>
    </Form>
  );
}
