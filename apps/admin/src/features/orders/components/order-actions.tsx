import type { AdminOrderDetail } from '@shop/contracts/admin';
import { Checkbox, CheckboxGroup, FieldError, Label, Text } from 'react-aria-components';
import { useController } from 'react-hook-form';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { eurosForInput } from '../../../lib/euros.ts';
import { ActionDialog, useActionForm } from '../../../ui/action-dialog.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { FormTextField } from '../../../ui/text-field.tsx';
import { useSession } from '../../auth/use-session.ts';
import { cancelForm, extendHoldForm, markPaidForm, refundForm, refundRequest } from '../action-forms.ts';
import { useOrderAction } from '../api/order-actions.ts';

/** The order's own actions, each offered only in the state the API allows it in. */
export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const { t } = useI18n();
  const isOpenTransfer = order.status === 'awaiting-payment' && order.paymentType === 'wiretransfer';
  const isUnpaid = order.status === 'awaiting-payment' || order.status === 'payment-pending';
  // Refunds and longer holds: operators and brand managers only (support gets 403); a refund for a
  // paid order with a valid voucher.
  const role = useSession().data?.staff.role;
  const isManager = role === 'operator' || role === 'brand-manager';
  const mayRefund =
    isManager && order.status === 'paid' && order.vouchers.some((voucher) => voucher.voidedAt === null);
  if (!isOpenTransfer && !isUnpaid && !mayRefund) return null;
  return (
    <section aria-labelledby="actions-title" className="card">
      <h2 id="actions-title">{t.order.actions}</h2>
      <div className="action-row">
        {isOpenTransfer ? <MarkPaid order={order} /> : null}
        {isManager && isOpenTransfer && order.holdUntil ? <ExtendHold order={order} /> : null}
        {isUnpaid ? <CancelOrder order={order} /> : null}
        {mayRefund ? <Refund order={order} /> : null}
      </div>
    </section>
  );
}

function MarkPaid({ order }: { order: AdminOrderDetail }) {
  const { t, locale } = useI18n();
  const announce = useAnnounce();
  const action = useOrderAction(order.id, 'mark-paid');
  const { form, dialog } = useActionForm({
    schema: markPaidForm,
    messages: (t) => ({ amount: t.validation.amount, note: t.validation.note }),
    defaults: { amount: eurosForInput(order.totalCents, locale), note: '' },
    action,
    run: async ({ amount, note }) => {
      await action.mutateAsync({ amountCents: amount, note });
      announce(t.actions.markedPaid(order.id));
    },
  });
  return (
    <ActionDialog
      trigger={t.actions.markPaid}
      title={t.actions.markPaid}
      intro={t.actions.markPaidIntro}
      confirmLabel={t.actions.markPaidConfirm}
      {...dialog}
    >
      <FormTextField
        control={form.control}
        name="amount"
        label={t.actions.amount}
        inputMode="decimal"
        isRequired
        autoFocus
      />
      <FormTextField control={form.control} name="note" label={t.actions.note} isRequired />
    </ActionDialog>
  );
}

function ExtendHold({ order }: { order: AdminOrderDetail }) {
  const { t } = useI18n();
  const announce = useAnnounce();
  const action = useOrderAction(order.id, 'extend-hold');
  const { form, dialog } = useActionForm({
    schema: extendHoldForm,
    messages: (t) => ({ days: t.validation.days, note: t.validation.note }),
    defaults: { days: '7', note: '' },
    action,
    run: async (request) => {
      await action.mutateAsync(request);
      announce(t.actions.extended(request.days));
    },
  });
  return (
    <ActionDialog
      trigger={t.actions.extendHold}
      title={t.actions.extendHold}
      intro={t.actions.extendHoldIntro}
      confirmLabel={t.actions.extendHoldConfirm}
      {...dialog}
    >
      <FormTextField
        control={form.control}
        name="days"
        label={t.actions.days}
        inputMode="numeric"
        isRequired
        autoFocus
      />
      <FormTextField control={form.control} name="note" label={t.actions.note} isRequired />
    </ActionDialog>
  );
}

function CancelOrder({ order }: { order: AdminOrderDetail }) {
  const { t } = useI18n();
  const announce = useAnnounce();
  const action = useOrderAction(order.id, 'cancel');
  const { form, dialog } = useActionForm({
    schema: cancelForm,
    messages: (t) => ({ note: t.validation.note }),
    defaults: { note: '' },
    action,
    run: async (request) => {
      await action.mutateAsync(request);
      announce(t.actions.cancelled(order.id));
    },
  });
  return (
    <ActionDialog
      trigger={t.actions.cancel}
      title={t.actions.cancel}
      intro={t.actions.cancelIntro}
      confirmLabel={t.actions.cancelConfirm}
      {...dialog}
    >
      <FormTextField control={form.control} name="note" label={t.actions.note} isRequired autoFocus />
    </ActionDialog>
  );
}

function Refund({ order }: { order: AdminOrderDetail }) {
  const { t } = useI18n();
  const announce = useAnnounce();
  const action = useOrderAction(order.id, 'refund');
  const refundable = order.vouchers.filter((voucher) => voucher.voidedAt === null);
  const { form, dialog } = useActionForm({
    schema: refundForm,
    messages: (t) => ({ voucherIds: t.validation.vouchers, note: t.validation.note }),
    defaults: { voucherIds: [] as string[], note: '' },
    action,
    run: async (values) => {
      await action.mutateAsync(
        refundRequest(
          values,
          refundable.map((voucher) => voucher.id),
        ),
      );
      announce(t.actions.refunded(order.id, values.voucherIds.length));
    },
  });
  const vouchers = useController({ control: form.control, name: 'voucherIds' });
  return (
    <ActionDialog
      trigger={t.actions.refund}
      title={t.actions.refund}
      intro={t.actions.refundIntro}
      confirmLabel={t.actions.refundConfirm}
      {...dialog}
    >
      <p>{t.actions.refundMoney}</p>
      <CheckboxGroup
        className="checkbox-group"
        name={vouchers.field.name}
        value={vouchers.field.value as string[]}
        onChange={vouchers.field.onChange}
        isInvalid={vouchers.fieldState.invalid}
        isRequired
        validationBehavior="aria"
      >
        <Label>{t.actions.refundVouchers}</Label>
        <Text slot="description">{t.actions.refundVouchersHint}</Text>
        {refundable.map((voucher, index) => (
          <Checkbox
            key={voucher.id}
            className="checkbox"
            value={String(voucher.id)}
            {...(index === 0 ? { autoFocus: true } : {})}
          >
            <span className="checkbox-box" aria-hidden="true" />
            <span>
              <code>{voucher.code}</code>
              {voucher.guestName ? ` – ${voucher.guestName}` : ''}
            </span>
          </Checkbox>
        ))}
        <FieldError>{vouchers.fieldState.error?.message}</FieldError>
      </CheckboxGroup>
      <FormTextField control={form.control} name="note" label={t.actions.note} isRequired />
    </ActionDialog>
  );
}
