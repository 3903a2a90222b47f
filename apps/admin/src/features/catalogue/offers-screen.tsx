import { useQuery } from '@tanstack/react-query';
import { Button, Form } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { useCatalogueImportTexts } from '../../i18n/catalogue-import-texts.ts';
import { useCatalogueTexts } from '../../i18n/catalogue-texts.ts';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { useFilterDraft } from '../../lib/filter-draft.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { Pager } from '../../ui/pager.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useSession } from '../auth/use-session.ts';
import { choicesQuery, offersQuery } from './api/catalogue.ts';
import { catalogueExportUrl } from './api/catalogue-transfer.ts';
import { BulkVariantDialog } from './bulk-variant-dialog.tsx';
import { CatalogueNav } from './catalogue-nav.tsx';
import { InputField } from './form-bits.tsx';
import { type OfferFilter, offerFilterFromParams, offerFilterToParams } from './offer-filter.ts';

/**
 * /admin/catalogue/offers: the offers by title, hotel, slug or id, brand and state (everything in the
 * address); a brand manager sees their brands' and those sold on every brand.
 */
export function OffersScreen() {
  const { t, money } = useI18n();
  const texts = useCatalogueTexts();
  const transferTexts = useCatalogueImportTexts();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const filter = offerFilterFromParams(params);
  const offers = useQuery(offersQuery(filter));
  const go = (next: OfferFilter) => setParams(offerFilterToParams(next));
  const pages = offers.data ? Math.max(1, Math.ceil(offers.data.total / offers.data.pageSize)) : 1;
  return (
    <div className="stack">
      <PageHeading>{texts.offers.title}</PageHeading>
      <CatalogueNav />
      {session.data && session.data.staff.role !== 'support' ? (
        <p>
          <Link className="button primary" to="/catalogue/offers/new">
            {texts.offers.create}
          </Link>{' '}
          <a className="button" href={catalogueExportUrl(filter)} download>
            {transferTexts.exportCsv}
          </a>{' '}
          <Link className="button" to="/catalogue/import">
            {transferTexts.importLink}
          </Link>{' '}
          <BulkVariantDialog filter={filter} />
        </p>
      ) : null}
      <OfferFilters key={params.toString()} filter={filter} onApply={(next) => go({ ...next, page: 1 })} />
      <ProblemMessage error={offers.error} />
      {offers.data ? (
        <section aria-labelledby="offers-found" className="stack" aria-busy={offers.isFetching}>
          <h2 id="offers-found" className="results-count" aria-live="polite">
            {texts.offers.found(offers.data.total)}
          </h2>
          {offers.data.offers.length === 0 ? null : (
            <DataTable
              caption={texts.offers.title}
              head={[
                texts.offers.titleField,
                texts.offers.hotel,
                texts.offers.brand,
                texts.offers.active,
                texts.offers.variantCount,
                texts.offers.fromPrice,
                texts.offers.stock,
              ]}
              numeric={[4, 5, 6]}
              rows={offers.data.offers.map((offer) => [
                <Link key="title" to={`/catalogue/offers/${offer.id}`}>
                  {offer.title}
                </Link>,
                offer.hotelName,
                offer.brand ?? texts.offers.everyBrand,
                offer.isActive ? texts.offers.yes : texts.offers.no,
                String(offer.variantCount),
                offer.fromPriceCents === null ? null : money(offer.fromPriceCents),
                String(offer.stock),
              ])}
            />
          )}
          <Pager page={filter.page} pages={pages} onPage={(page) => go({ ...filter, page })} />
        </section>
      ) : offers.isPending ? (
        <p role="status">{t.app.loading}</p>
      ) : null}
    </div>
  );
}

/** Brand and state apply at once, the words with the button or Enter. */
function OfferFilters({ filter, onApply }: { filter: OfferFilter; onApply(filter: OfferFilter): void }) {
  const texts = useCatalogueTexts();
  const choices = useQuery(choicesQuery());
  const { draft, change, apply } = useFilterDraft(filter, onApply);
  return (
    <Form
      className="filters"
      aria-label={texts.offers.filters}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <InputField
        label={texts.offers.query}
        type="search"
        value={draft.query}
        onChange={(query) => change({ query })}
      />
      <SelectField
        label={texts.offers.brand}
        value={draft.brand}
        options={[
          { id: '', label: texts.offers.anyBrand },
          ...(choices.data?.brands ?? []).map((brand) => ({ id: brand.short, label: brand.name })),
        ]}
        onChange={(brand) => change({ brand }, true)}
      />
      <SelectField
        label={texts.offers.state}
        value={draft.state}
        options={[
          { id: '', label: texts.offers.anyState },
          { id: 'active', label: texts.offers.activeState },
          { id: 'inactive', label: texts.offers.inactiveState },
        ]}
        onChange={(state) => change({ state: state as OfferFilter['state'] }, true)}
      />
      <div className="filter-buttons">
        <Button type="submit" className="button primary">
          {texts.search}
        </Button>
      </div>
    </Form>
  );
}
