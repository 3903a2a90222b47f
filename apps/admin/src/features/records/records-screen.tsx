import { type ServiceRecord, serviceRecordKinds } from '@shop/contracts/admin-records';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { useRecordsTexts } from '../../i18n/records-texts.ts';
import { useFilterDraft } from '../../lib/filter-draft.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { Pager } from '../../ui/pager.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { BrandSelect } from '../orders/components/brand-select.tsx';
import { recordsCsvUrl, recordsQuery } from './api/records.ts';
import { RecordAction } from './record-actions.tsx';
import { filterFromParams, filterToParams, type RecordFilter, statesOf } from './record-filter.ts';

/** A record's details as a short list of labelled values; times in the office's zone. */
function Details({ record }: { record: ServiceRecord }) {
  const { dateTime } = useI18n();
  const texts = useRecordsTexts();
  const shown = Object.entries(record.details).filter(([, value]) => value !== null);
  return (
    <dl className="record-details">
      {shown.map(([key, value]) => (
        <div key={key}>
          <dt>{texts.details[key] ?? key}</dt>
          <dd>{key.endsWith('At') ? dateTime(value) : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /admin/records (operators, brand managers): the brand services' records, one kind at a time, found
 * by an address and a state, as CSV; unsubscribe and delete on request. Everything in the address.
 */
export function RecordsScreen() {
  const { t, dateTime } = useI18n();
  const texts = useRecordsTexts();
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const records = useQuery(recordsQuery(filter));
  const go = (next: RecordFilter) => setParams(filterToParams(next));
  const pages = records.data ? Math.max(1, Math.ceil(records.data.total / records.data.pageSize)) : 1;
  return (
    <div className="stack">
      <PageHeading>{texts.title}</PageHeading>
      <p>{texts.intro}</p>
      <nav aria-label={texts.kindsLabel}>
        <ul className="kind-list">
          {serviceRecordKinds.map((kind) => (
            <li key={kind}>
              <Link
                to={`/records?${filterToParams({ kind, brand: filter.brand, query: '', state: '', page: 1 })}`}
                aria-current={kind === filter.kind ? 'page' : undefined}
                className={kind === filter.kind ? 'kind-current' : undefined}
              >
                {texts.kinds[kind]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <RecordFilters key={params.toString()} filter={filter} onApply={(next) => go({ ...next, page: 1 })} />
      <ProblemMessage error={records.error} />
      {records.data ? (
        <section aria-labelledby="records-found" className="stack" aria-busy={records.isFetching}>
          <h2 id="records-found" className="results-count" aria-live="polite">
            {texts.found(records.data.total)}
          </h2>
          {records.data.total > 0 ? (
            <p>
              <a className="button" href={recordsCsvUrl(filter)} download>
                {texts.csv}
              </a>
            </p>
          ) : null}
          {records.data.records.length === 0 ? null : (
            <DataTable
              caption={texts.kinds[filter.kind]}
              head={[
                texts.columns.at,
                texts.columns.brand,
                texts.columns.who,
                texts.columns.state,
                texts.columns.details,
                texts.columns.actions,
              ]}
              rows={records.data.records.map((record) => [
                dateTime(record.at),
                record.brand,
                record.who,
                record.state ? texts.states[record.state] : null,
                <Details key="details" record={record} />,
                <div key="actions" className="row-actions">
                  {filter.kind === 'newsletter' && record.state !== 'unsubscribed' ? (
                    <RecordAction kind={filter.kind} record={record} action="unsubscribe" />
                  ) : null}
                  <RecordAction kind={filter.kind} record={record} action="delete" />
                </div>,
              ])}
            />
          )}
          <Pager page={filter.page} pages={pages} onPage={(page) => go({ ...filter, page })} />
        </section>
      ) : records.isPending ? (
        <p role="status">{t.app.loading}</p>
      ) : null}
    </div>
  );
}

/** Brand and state apply at once, the address with the button or Enter. */
function RecordFilters({ filter, onApply }: { filter: RecordFilter; onApply(filter: RecordFilter): void }) {
  const texts = useRecordsTexts();
  const { draft, change, apply } = useFilterDraft(filter, onApply);
  const states = statesOf[filter.kind];
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
        <Label>{filter.kind === 'consent' ? texts.visitorQuery : texts.query}</Label>
        <Input />
      </TextField>
      {states.length > 0 ? (
        <SelectField
          label={texts.state}
          value={draft.state}
          options={[
            { id: '', label: texts.anyState },
            ...states.map((state) => ({ id: state, label: texts.states[state] })),
          ]}
          onChange={(state) => change({ state: state as RecordFilter['state'] }, true)}
        />
      ) : null}
      <div className="filter-buttons">
        <Button type="submit" className="button primary">
          {texts.search}
        </Button>
      </div>
    </Form>
  );
}
