import { giftCardStates } from '@shop/contracts/admin-gift-cards';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { useGiftCardTexts } from '../../i18n/gift-card-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { useFilterDraft } from '../../lib/filter-draft.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { Pager } from '../../ui/pager.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useSession } from '../auth/use-session.ts';
import { BrandSelect } from '../orders/components/brand-select.tsx';
import { giftCardsQuery } from './api/gift-cards.ts';
import { IssueGiftCard } from './gift-card-dialogs.tsx';
import { filterFromParams, filterToParams, type GiftCardFilter } from './gift-card-filter.ts';

/**
 * /admin/gift-cards: the cards of the member's brands, found by the start of a code, brand and state;
 * operators and brand managers issue new ones here. Everything in the address.
 */
export function GiftCardsScreen() {
  const { t, date, dateTime, money } = useI18n();
  const texts = useGiftCardTexts();
  const role = useSession().data?.staff.role;
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const cards = useQuery(giftCardsQuery(filter));
  const go = (next: GiftCardFilter) => setParams(filterToParams(next));
  const pages = cards.data ? Math.max(1, Math.ceil(cards.data.total / cards.data.pageSize)) : 1;
  return (
    <div className="stack">
      <PageHeading>{texts.title}</PageHeading>
      <p>{texts.intro}</p>
      {role === 'operator' || role === 'brand-manager' ? (
        <div className="action-row">
          <IssueGiftCard />
        </div>
      ) : null}
      <GiftCardFilters key={params.toString()} filter={filter} onApply={(next) => go({ ...next, page: 1 })} />
      <ProblemMessage error={cards.error} />
      {cards.data ? (
        <section aria-labelledby="cards-found" className="stack" aria-busy={cards.isFetching}>
          <h2 id="cards-found" className="results-count" aria-live="polite">
            {texts.found(cards.data.total)}
          </h2>
          {cards.data.cards.length === 0 ? null : (
            <DataTable
              caption={texts.title}
              head={[
                texts.columns.code,
                texts.columns.brand,
                texts.columns.initial,
                texts.columns.balance,
                texts.columns.validTo,
                texts.columns.state,
                texts.columns.created,
              ]}
              numeric={[2, 3]}
              rows={cards.data.cards.map((card) => [
                <Link key="code" to={`/gift-cards/${card.id}`}>
                  {card.code}
                </Link>,
                card.brand ?? texts.allBrandsCard,
                money(card.initialCents),
                money(card.balanceCents),
                card.validTo ? date(card.validTo) : texts.noEnd,
                texts.states[card.state],
                dateTime(card.createdAt),
              ])}
            />
          )}
          <Pager page={filter.page} pages={pages} onPage={(page) => go({ ...filter, page })} />
        </section>
      ) : cards.isPending ? (
        <p role="status">{t.app.loading}</p>
      ) : null}
    </div>
  );
}

/** Brand and state apply at once, the code with the button or Enter. */
function GiftCardFilters({
  filter,
  onApply,
}: {
  filter: GiftCardFilter;
  onApply(filter: GiftCardFilter): void;
}) {
  const texts = useGiftCardTexts();
  const { draft, change, apply } = useFilterDraft(filter, onApply);
  return (
    <Form
      className="filters"
      aria-label={texts.filters}
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
        <Label>{texts.query}</Label>
        <Input />
      </TextField>
      <SelectField
        label={texts.state}
        value={draft.state}
        options={[
          { id: '', label: texts.anyState },
          ...giftCardStates.map((state) => ({ id: state, label: texts.states[state] })),
        ]}
        onChange={(state) => change({ state: state as GiftCardFilter['state'] }, true)}
      />
      <div className="filter-buttons">
        <Button type="submit" className="button primary">
          {texts.search}
        </Button>
      </div>
    </Form>
  );
}
