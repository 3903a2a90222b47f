import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { useCatalogueTexts } from '../../i18n/catalogue-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { Pager } from '../../ui/pager.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { useSession } from '../auth/use-session.ts';
import { hotelsQuery } from './api/catalogue.ts';
import { CatalogueNav } from './catalogue-nav.tsx';
import { InputField } from './form-bits.tsx';

/** /admin/catalogue/hotels: the hotels by name, town or slug; the operator adds and edits them. */
export function HotelsScreen() {
  const { t } = useI18n();
  const texts = useCatalogueTexts();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const query = (params.get('query') ?? '').trim().slice(0, 120);
  const pageParam = params.get('page') ?? '';
  const page = /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : 1;
  const hotels = useQuery(hotelsQuery(query, page));
  const [draft, setDraft] = useState(query);
  const go = (next: { query: string; page: number }) => {
    const search = new URLSearchParams();
    if (next.query) search.set('query', next.query);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };
  const pages = hotels.data ? Math.max(1, Math.ceil(hotels.data.total / hotels.data.pageSize)) : 1;
  return (
    <div className="stack">
      <PageHeading>{texts.hotels.title}</PageHeading>
      <CatalogueNav />
      {session.data?.staff.role === 'operator' ? (
        <p>
          <Link className="button primary" to="/catalogue/hotels/new">
            {texts.hotels.create}
          </Link>
        </p>
      ) : null}
      <Form
        className="filters"
        role="search"
        aria-label={texts.hotels.filters}
        onSubmit={(event) => {
          event.preventDefault();
          go({ query: draft.trim(), page: 1 });
        }}
      >
        <InputField label={texts.hotels.query} type="search" value={draft} onChange={setDraft} />
        <div className="filter-buttons">
          <Button type="submit" className="button primary">
            {texts.search}
          </Button>
        </div>
      </Form>
      <ProblemMessage error={hotels.error} />
      {hotels.data ? (
        <section aria-labelledby="hotels-found" className="stack" aria-busy={hotels.isFetching}>
          <h2 id="hotels-found" className="results-count" aria-live="polite">
            {texts.hotels.found(hotels.data.total)}
          </h2>
          {hotels.data.hotels.length === 0 ? null : (
            <DataTable
              caption={texts.hotels.title}
              head={[
                texts.hotels.name,
                texts.hotels.city,
                texts.hotels.country,
                texts.hotels.stars,
                texts.hotels.offers,
              ]}
              numeric={[3, 4]}
              rows={hotels.data.hotels.map((hotel) => [
                <Link key="name" to={`/catalogue/hotels/${hotel.id}`}>
                  {hotel.name}
                </Link>,
                hotel.city,
                hotel.countryIso,
                hotel.stars === null ? null : String(hotel.stars),
                String(hotel.offerCount),
              ])}
            />
          )}
          <Pager page={page} pages={pages} onPage={(next) => go({ query, page: next })} />
        </section>
      ) : hotels.isPending ? (
        <p role="status">{t.app.loading}</p>
      ) : null}
    </div>
  );
}
