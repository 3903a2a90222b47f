import { type AuditEntry, auditListSchema } from '@shop/contracts/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router';
import { type I18n, useI18n } from '../../i18n/i18n-context.tsx';
import { apiCall } from '../../lib/api-client.ts';
import { useFilterDraft } from '../../lib/filter-draft.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { Pager } from '../../ui/pager.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import {
  type AuditFilter,
  auditActions,
  filterFromParams,
  filterToParams,
  noFilter,
} from './audit-filter.ts';

const auditQuery = (filter: AuditFilter) =>
  queryOptions({
    queryKey: ['audit', filter],
    queryFn: () => {
      const query = filterToParams(filter).toString();
      return apiCall(`/api/admin/audit${query ? `?${query}` : ''}`, { answer: auditListSchema });
    },
    placeholderData: keepPreviousData,
  });

/** Before/after as compact JSON: staff read what changed, not a diff engine's view. */
const shown = (value: unknown) =>
  value === null || value === undefined ? null : <code>{JSON.stringify(value)}</code>;

/** What a change concerned besides its order, in words. */
function subjectOf({ t }: I18n, entry: AuditEntry): string | null {
  if (!entry.subject) return null;
  const [kind, ...rest] = entry.subject.split(':');
  const id = rest.join(':');
  if (kind === 'staff') return t.audit.subjects.staff(entry.subjectStaffEmail ?? id);
  if (kind === 'bank-entry') return t.audit.subjects.bankEntry(id);
  if (kind === 'mail') return t.audit.subjects.mail(id);
  if (kind === 'session') return t.audit.subjects.session;
  if (kind === 'export') return t.audit.subjects.export(id);
  if (kind === 'newsletter' || kind === 'wishes' || kind === 'reminders' || kind === 'consent') {
    return t.audit.subjects[kind](id);
  }
  return entry.subject;
}

/**
 * /admin/audit: every change staff made, newest first, filtered by order, kind of change, staff member
 * and period; all of it in the address. A brand manager sees the changes to their brands' orders.
 */
export function AuditScreen() {
  const i18n = useI18n();
  const { t, dateTime } = i18n;
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const audit = useQuery(auditQuery(filter));
  const go = (next: AuditFilter) => setParams(filterToParams(next));
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize)) : 1;

  return (
    <div className="stack">
      <PageHeading>{t.audit.title}</PageHeading>
      <AuditFilters key={params.toString()} filter={filter} onApply={(next) => go({ ...next, page: 1 })} />
      <ProblemMessage error={audit.error} />
      {audit.data ? (
        <section aria-labelledby="audit-results" className="stack" aria-busy={audit.isFetching}>
          <h2 id="audit-results" className="results-count" aria-live="polite">
            {t.audit.found(audit.data.total)}
          </h2>
          {audit.data.entries.length === 0 ? null : (
            <DataTable
              caption={t.audit.title}
              head={[
                t.order.at,
                t.order.who,
                t.order.action,
                t.audit.order,
                t.audit.subject,
                t.order.before,
                t.order.after,
                t.order.note,
                t.order.fromAddress,
              ]}
              rows={audit.data.entries.map((entry) => [
                dateTime(entry.at),
                entry.staffEmail,
                t.auditActions[entry.action] ?? entry.action,
                entry.orderId === null ? null : (
                  <Link key="order" to={`/orders/${entry.orderId}`}>
                    {entry.orderId}
                  </Link>
                ),
                subjectOf(i18n, entry),
                shown(entry.before),
                shown(entry.after),
                entry.note,
                entry.address,
              ])}
            />
          )}
          <Pager page={filter.page} pages={pages} onPage={(page) => go({ ...filter, page })} />
        </section>
      ) : audit.isPending ? (
        <p role="status">{t.app.loading}</p>
      ) : null}
    </div>
  );
}

/** The filters: the kind of change applies at once, typed ones with the button or Enter. */
function AuditFilters({ filter, onApply }: { filter: AuditFilter; onApply(filter: AuditFilter): void }) {
  const { t } = useI18n();
  const { draft, change, apply, reset } = useFilterDraft(filter, onApply);
  return (
    <Form
      className="filters"
      aria-label={t.audit.filters}
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <TextField
        className="field"
        value={draft.orderId}
        onChange={(orderId) => change({ orderId: orderId.replace(/\D/g, '').slice(0, 10) })}
        inputMode="numeric"
      >
        <Label>{t.audit.order}</Label>
        <Input />
      </TextField>
      <SelectField
        label={t.order.action}
        value={draft.action}
        options={[
          { id: '', label: t.audit.anyAction },
          ...auditActions.map((action) => ({ id: action, label: t.auditActions[action] ?? action })),
        ]}
        onChange={(action) => change({ action }, true)}
      />
      <TextField className="field" type="email" value={draft.staff} onChange={(staff) => change({ staff })}>
        <Label>{t.audit.staff}</Label>
        <Input />
      </TextField>
      <TextField className="field" type="date" value={draft.from} onChange={(from) => change({ from })}>
        <Label>{t.audit.from}</Label>
        <Input />
      </TextField>
      <TextField className="field" type="date" value={draft.to} onChange={(to) => change({ to })}>
        <Label>{t.audit.to}</Label>
        <Input />
      </TextField>
      <div className="filter-buttons">
        <Button type="submit" className="button primary">
          {t.orders.apply}
        </Button>
        <Button className="button" onPress={() => reset(noFilter)}>
          {t.orders.reset}
        </Button>
      </div>
    </Form>
  );
}
