import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { FieldError, Label, TextArea, TextField } from 'react-aria-components';
import {
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useController,
} from 'react-hook-form';
import { usePromotionTexts } from '../../i18n/promotion-texts.ts';
import { ApiProblem } from '../../lib/api-client.ts';
import { ActionDialog } from '../../ui/action-dialog.tsx';
import { useAnnounce } from '../../ui/live-region.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useSession } from '../auth/use-session.ts';
import { brandsQuery } from '../orders/api/get-orders.ts';
import { formFieldOf } from './promotion-form.ts';

/** Who may change promotions and codes (support reads them: the API's rule). */
export function useCanEdit(): { canEdit: boolean; isOperator: boolean } {
  const role = useSession().data?.staff.role;
  return { canEdit: role === 'operator' || role === 'brand-manager', isOperator: role === 'operator' };
}

/** The brand a promotion or code belongs to: one of the member's, or every brand (the operator's). */
export function BrandField<Values extends FieldValues>({
  control,
  name,
}: {
  control: Control<Values, unknown, unknown>;
  name: FieldPath<Values>;
}) {
  const texts = usePromotionTexts();
  const { isOperator } = useCanEdit();
  const brands = useQuery(brandsQuery());
  const { field, fieldState } = useController({ control, name });
  return (
    <div>
      <SelectField
        label={texts.brand}
        value={field.value as string}
        options={[
          ...(isOperator ? [{ id: '', label: texts.everyBrand }] : []),
          ...(brands.data ?? []).map((brand) => ({ id: brand.short, label: brand.name })),
        ]}
        onChange={field.onChange}
      />
      {fieldState.error ? (
        <p className="field-error" role="alert">
          {fieldState.error.message}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled checkbox of the form (the browser's own: keyboard and screen readers know it). */
export function CheckField<Values extends FieldValues>({
  form,
  name,
  label,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  name: FieldPath<Values>;
  label: string;
}) {
  const id = useId();
  return (
    <div className="field check-field">
      <input id={id} type="checkbox" {...form.register(name)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * The server's field errors on the form's fields; true when there were any (the form shows them, the
 * problem's title says to check the entries).
 */
export function showServerErrors<Values extends FieldValues>(
  form: UseFormReturn<Values, unknown, unknown>,
  error: unknown,
): void {
  if (!(error instanceof ApiProblem)) return;
  for (const entry of error.errors) {
    form.setError(formFieldOf(entry.field) as FieldPath<Values>, { message: entry.message });
  }
}

/** A labelled multi-line text of the form (a promotion's description). */
export function FormTextArea<Values extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<Values, unknown, unknown>;
  name: FieldPath<Values>;
  label: string;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      className="field"
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isInvalid={fieldState.invalid}
      validationBehavior="aria"
    >
      <Label>{label}</Label>
      <TextArea ref={field.ref} rows={4} />
      <FieldError>{fieldState.error?.message}</FieldError>
    </TextField>
  );
}

/** The switch-off of a promotion or a code: a confirmation, the mutation, the announcement once done. */
export function SwitchOffDialog({
  switchOff,
  title,
  intro,
  done,
}: {
  switchOff: { mutateAsync: () => Promise<unknown>; reset: () => void; error: unknown; isPending: boolean };
  title: string;
  intro: string;
  done: string;
}) {
  const texts = usePromotionTexts();
  const announce = useAnnounce();
  return (
    <ActionDialog
      trigger={texts.switchOff}
      title={title}
      intro={intro}
      confirmLabel={texts.switchOffConfirm}
      error={switchOff.error}
      isPending={switchOff.isPending}
      onOpen={() => switchOff.reset()}
      onSubmit={async () => {
        try {
          await switchOff.mutateAsync();
          announce(done);
          return true;
        } catch {
          return false;
        }
      }}
    />
  );
}

/**
 * The form's "switched on" box follows a switch-off made by the dialog beside the form, keeping the
 * member's other unsaved edits (a later save must not switch it on again), and focus moves to the
 * page's heading, since the dialog's button is gone.
 */
export function useSwitchedOff(active: boolean | undefined, form: UseFormReturn<{ active: boolean }>) {
  const was = useRef(active);
  useEffect(() => {
    if (was.current === true && active === false) {
      form.resetField('active', { defaultValue: false });
      document.querySelector<HTMLElement>('h1.page-heading')?.focus();
    }
    was.current = active;
  }, [active, form]);
}
