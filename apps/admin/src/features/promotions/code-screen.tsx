import type { CodeDetail } from '@shop/contracts/admin-promotions';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Button, Form } from 'react-aria-components';
import { type Control, type UseFormReturn, useController, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useI18n } from '../../i18n/i18n-context.tsx';
import { usePromotionTexts } from '../../i18n/promotion-texts.ts';
import { contractResolver } from '../../lib/form-resolver.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { Section } from '../../ui/section.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { FormTextField } from '../../ui/text-field.tsx';
import { codeQuery, useSaveCode, useSwitchOffCode } from './api/promotions.ts';
import {
  BrandField,
  CheckField,
  SwitchOffDialog,
  showServerErrors,
  useCanEdit,
  useSwitchedOff,
} from './form-parts.tsx';
import { type CodeFormValues, codeDefaults, codeForm } from './promotion-form.ts';

/** The fields a code and a batch share: brand, names, discount, limits, offers, period, on. */
type TermsValues = Omit<CodeFormValues, 'code' | 'maxUses'>;

export function CodeTermsFields({ form }: { form: UseFormReturn<TermsValues, unknown, unknown> }) {
  const texts = usePromotionTexts();
  const control = form.control as Control<TermsValues, unknown, unknown>;
  const operation = useWatch({ control, name: 'operation' });
  const { field } = useController({ control, name: 'operation' });
  return (
    <>
      <BrandField control={control} name="brand" />
      <p>{texts.languagesHint}</p>
      <FormTextField control={control} name="nameDe" label={texts.nameIn.de} isRequired />
      <FormTextField control={control} name="nameEn" label={texts.nameIn.en} />
      <FormTextField control={control} name="nameIt" label={texts.nameIn.it} />
      <SelectField
        label={texts.codes.operation}
        value={field.value}
        options={[
          { id: '+', label: texts.codes.operations['+'] },
          { id: '%', label: texts.codes.operations['%'] },
        ]}
        onChange={field.onChange}
      />
      <FormTextField
        control={control}
        name="amount"
        label={operation === '%' ? texts.codes.percent : texts.codes.amount}
        inputMode="decimal"
        isRequired
      />
      <CheckField form={form} name="oncePerCustomer" label={texts.codes.oncePerCustomer} />
      <FormTextField
        control={control}
        name="minimumOrder"
        label={texts.codes.minimumOrder}
        inputMode="decimal"
      />
      <FormTextField control={control} name="offerIds" label={texts.codes.offerIds} />
      <FormTextField control={control} name="validFrom" label={texts.validFrom} type="date" />
      <FormTextField control={control} name="validTo" label={texts.validTo} type="date" />
      <CheckField form={form} name="active" label={texts.active} />
    </>
  );
}

/** /admin/codes/new and /admin/codes/:id: the form, and for a saved code the orders that used it. */
export function CodeScreen() {
  const { t } = useI18n();
  const texts = usePromotionTexts();
  const params = useParams();
  const id = params.id === undefined || params.id === 'new' ? null : Number(params.id);
  const code = useQuery({ ...codeQuery(id ?? 0), enabled: id !== null });
  if (id !== null && !code.data) {
    return (
      <div className="stack">
        <PageHeading>{texts.codes.title}</PageHeading>
        <ProblemMessage error={code.error} />
        {code.isPending ? <p role="status">{t.app.loading}</p> : null}
        <Link to="/codes">{texts.back}</Link>
      </div>
    );
  }
  return (
    <div className="stack">
      <PageHeading>{code.data ? texts.codes.editTitle(code.data.code) : texts.codes.createTitle}</PageHeading>
      <p>
        <Link to="/codes">{texts.back}</Link>
      </p>
      <CodeForm key={code.data ? `${code.data.id}` : 'new'} code={code.data} />
      {code.data ? <CodeOrders code={code.data} /> : null}
    </div>
  );
}

function CodeForm({ code }: { code: CodeDetail | undefined }) {
  const { t, locale } = useI18n();
  const texts = usePromotionTexts();
  const announce = useAnnounce();
  const navigate = useNavigate();
  const { canEdit } = useCanEdit();
  const save = useSaveCode(code?.id ?? null);
  const resolver = useMemo(
    () =>
      contractResolver(
        codeForm,
        locale,
        {
          code: texts.validation.code,
          nameDe: texts.validation.required,
          amount: texts.validation.amount,
          maxUses: texts.validation.whole,
          minimumOrder: texts.validation.amount,
          offerIds: texts.validation.offerIds,
          validTo: texts.validation.period,
        },
        t.validation.invalid,
      ),
    [locale, t, texts],
  );
  const form = useForm({ resolver, defaultValues: codeDefaults(code, locale) });
  useSwitchedOff(code?.active, form as never);
  const control = form.control as unknown as Control<CodeFormValues, unknown, unknown>;
  return (
    <Section id="code-form" title={code ? texts.edit : texts.codes.createTitle}>
      {canEdit ? null : <p>{texts.readOnly}</p>}
      <Form
        className="stack"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          if (save.isPending) return;
          void form.handleSubmit(async (input) => {
            try {
              const saved = await save.mutateAsync(input);
              announce(texts.codes.saved(saved.code));
              if (!code) navigate(`/codes/${saved.id}`, { replace: true });
            } catch (error) {
              showServerErrors(form as never, error);
            }
          })();
        }}
      >
        <ProblemMessage error={save.error} />
        <FormTextField control={control} name="code" label={texts.codes.code} isRequired autoComplete="off" />
        <CodeTermsFields form={form as never} />
        <FormTextField control={control} name="maxUses" label={texts.codes.maxUses} inputMode="numeric" />
        {canEdit ? (
          <div className="action-row">
            <Button type="submit" className="button primary">
              {texts.save}
            </Button>
          </div>
        ) : null}
      </Form>
      {canEdit && code?.active ? <SwitchOffCode code={code} /> : null}
    </Section>
  );
}

function SwitchOffCode({ code }: { code: CodeDetail }) {
  const texts = usePromotionTexts();
  return (
    <SwitchOffDialog
      switchOff={useSwitchOffCode(code.id)}
      title={texts.codes.editTitle(code.code)}
      intro={texts.codes.switchOffIntro}
      done={texts.codes.switchOffDone(code.code)}
    />
  );
}

/** The closed orders that used the code, newest first, each linked to its page. */
function CodeOrders({ code }: { code: CodeDetail }) {
  const { t, money, dateTime } = useI18n();
  const texts = usePromotionTexts();
  const columns = texts.codes.orderColumns;
  return (
    <Section id="code-orders" title={texts.codes.ordersTitle}>
      <p>
        {texts.codes.columns.used}: {texts.codes.usage(code.usedCount, code.maxUses)} ·{' '}
        {texts.codes.columns.paid}: {code.paidOrders}
      </p>
      <p className="results-count">{texts.codes.ordersFound(code.ordersTotal)}</p>
      {code.orders.length === 0 ? null : (
        <DataTable
          caption={texts.codes.ordersTitle}
          head={[
            columns.order,
            columns.status,
            columns.brand,
            columns.total,
            columns.discount,
            columns.closedAt,
            columns.paidAt,
          ]}
          numeric={[3, 4]}
          rows={code.orders.map((order) => [
            <Link key="order" to={`/orders/${order.id}`}>
              {texts.codes.order(order.id)}
            </Link>,
            t.statuses[order.status],
            order.brand,
            money(order.totalCents),
            money(order.discountCents),
            dateTime(order.closedAt),
            order.paidAt ? dateTime(order.paidAt) : null,
          ])}
        />
      )}
    </Section>
  );
}
