import { type CodeRow, type CodeState, codeStates } from '@shop/contracts/admin-promotions';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Button, Form } from 'react-aria-components';
import { type Control, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { type PromotionTexts, usePromotionTexts } from '../../i18n/promotion-texts.ts';
import { contractResolver } from '../../lib/form-resolver.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { Pager } from '../../ui/pager.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { Section } from '../../ui/section.tsx';
import { FormTextField } from '../../ui/text-field.tsx';
import { useSession } from '../auth/use-session.ts';
import { codesQuery, useCodeBatch } from './api/promotions.ts';
import { CodeTermsFields } from './code-screen.tsx';
import { showServerErrors, useCanEdit } from './form-parts.tsx';
import { type ListFilter, listFilterOf, listParamsOf } from './list-filter.ts';
import { type BatchFormValues, batchDefaults, batchForm } from './promotion-form.ts';
import { ListFilters, usePeriod } from './promotions-screen.tsx';

/** A code's discount as the list shows it: "€ 25,-" or "10 %". */
export function useDiscount() {
  const { money, locale } = useI18n();
  return (code: Pick<CodeRow, 'operation' | 'value'>) =>
    code.operation === '+'
      ? money(code.value)
      : `${(code.value / 100).toLocaleString(locale === 'en' ? 'en-GB' : locale === 'it' ? 'it-IT' : 'de-DE')} %`;
}

/** /admin/codes: the codes with their uses, by brand, state and a code's start; new code, batch. */
export function CodesScreen() {
  const { t, locale } = useI18n();
  const texts = usePromotionTexts();
  const { canEdit } = useCanEdit();
  const period = usePeriod();
  const discount = useDiscount();
  const [params, setParams] = useSearchParams();
  const filter = listFilterOf(params, codeStates);
  const codes = useQuery(
    codesQuery({
      ...(filter.brand ? { brand: filter.brand } : {}),
      ...(filter.query ? { query: filter.query } : {}),
      ...(filter.state ? { state: filter.state as CodeState } : {}),
      page: filter.page,
    }),
  );
  const go = (next: ListFilter) => setParams(listParamsOf(next));
  const pages = codes.data ? Math.max(1, Math.ceil(codes.data.total / codes.data.pageSize)) : 1;
  return (
    <div className="stack">
      <PageHeading>{texts.codes.title}</PageHeading>
      <p>{texts.codes.intro}</p>
      {canEdit ? (
        <p>
          <Link className="button primary" to="/codes/new">
            {texts.codes.create}
          </Link>
        </p>
      ) : null}
      <ListFilters
        key={params.toString()}
        filter={filter}
        label={texts.codes.filters}
        queryLabel={texts.codes.query}
        states={codeStates.map((state) => ({ id: state, label: texts.codeStates[state] }))}
        onApply={(next) => go({ ...next, page: 1 })}
      />
      <ProblemMessage error={codes.error} />
      {codes.data ? (
        <section aria-labelledby="codes-found" className="stack" aria-busy={codes.isFetching}>
          <h2 id="codes-found" className="results-count" aria-live="polite">
            {texts.codes.found(codes.data.total)}
          </h2>
          {codes.data.codes.length === 0 ? null : (
            <DataTable
              caption={texts.codes.title}
              head={[
                texts.codes.columns.code,
                texts.codes.columns.name,
                texts.codes.columns.brand,
                texts.codes.columns.discount,
                texts.codes.columns.period,
                texts.codes.columns.state,
                texts.codes.columns.used,
                texts.codes.columns.paid,
              ]}
              numeric={[3, 6, 7]}
              rows={codes.data.codes.map((code) => [
                <Link key="code" to={`/codes/${code.id}`}>
                  {code.code}
                </Link>,
                code.name[locale] || code.name.de,
                code.brand?.name ?? texts.allBrands,
                discount(code),
                period(code.validFrom, code.validTo),
                texts.codeStates[code.state],
                texts.codes.usage(code.usedCount, code.maxUses),
                code.paidOrders,
              ])}
            />
          )}
          <Pager page={filter.page} pages={pages} onPage={(page) => go({ ...filter, page })} />
        </section>
      ) : codes.isPending ? (
        <p role="status">{t.app.loading}</p>
      ) : null}
      {canEdit ? <CodeBatch texts={texts} /> : null}
    </div>
  );
}

/** N single-use codes with the same terms; the browser downloads the CSV the API answers. */
function CodeBatch({ texts }: { texts: PromotionTexts }) {
  const { t, locale } = useI18n();
  const announce = useAnnounce();
  const session = useSession();
  const batch = useCodeBatch(session.data?.csrfToken);
  const resolver = useMemo(
    () =>
      contractResolver(
        batchForm,
        locale,
        {
          nameDe: texts.validation.required,
          amount: texts.validation.amount,
          minimumOrder: texts.validation.amount,
          offerIds: texts.validation.offerIds,
          count: texts.validation.count,
          prefix: texts.validation.prefix,
          validTo: texts.validation.period,
        },
        t.validation.invalid,
      ),
    [locale, t, texts],
  );
  const form = useForm({ resolver, defaultValues: batchDefaults() });
  const control = form.control as unknown as Control<BatchFormValues, unknown, unknown>;
  return (
    <Section id="code-batch" title={texts.codes.batchTitle}>
      <p>{texts.codes.batchIntro}</p>
      <Form
        className="stack"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          if (batch.isPending) return;
          void form.handleSubmit(async (input) => {
            try {
              const count = await batch.mutateAsync(input);
              announce(texts.codes.generated(count));
            } catch (error) {
              showServerErrors(form as never, error);
            }
          })();
        }}
      >
        <ProblemMessage error={batch.error} />
        <FormTextField
          control={control}
          name="count"
          label={texts.codes.count}
          inputMode="numeric"
          isRequired
        />
        <FormTextField control={control} name="prefix" label={texts.codes.prefix} />
        <CodeTermsFields form={form as never} />
        <div className="action-row">
          <Button type="submit" className="button primary">
            {texts.codes.generate}
          </Button>
        </div>
      </Form>
    </Section>
  );
}
