import { type ReactNode, useMemo } from 'react';
import { Button, Form } from 'react-aria-components';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Dictionary } from '../i18n/dictionaries.ts';
import { useI18n } from '../i18n/i18n-context.tsx';
import { contractResolver } from '../lib/form-resolver.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ProblemMessage } from './problem-message.tsx';

type Props = {
  /**
   * The opening button's text (it may hold words for screen readers only: which row it acts on).
   * Without one, the caller opens the dialog (`isOpen`, `onOpenChange`).
   */
  trigger?: ReactNode;
  isOpen?: boolean;
  onOpenChange?(isOpen: boolean): void;
  title: string;
  intro: string;
  confirmLabel: string;
  /** The action's failure (a problem's title and detail are shown in the dialog). */
  error: unknown;
  /**
   * The action is under way: a second submit is ignored. Not React Aria's pending button: it announces
   * by pointing at the button, which the closing dialog removes (a dangling reference axe reports).
   */
  isPending: boolean;
  /** Submits the form; resolves true when the action went through (the dialog closes). */
  onSubmit(): Promise<boolean>;
  /**
   * Called when the dialog opens from its trigger: a fresh form and no old error. A dialog without a
   * trigger is mounted once per opening instead (its form is new each time), and this is not called.
   */
  onOpen?(): void;
  children?: ReactNode;
};

/** An action (on an order, a bank entry) behind a confirmation: what it does, its fields, confirm or close. */
export function ActionDialog({
  trigger,
  title,
  intro,
  confirmLabel,
  error,
  isPending,
  onSubmit,
  onOpen,
  isOpen,
  onOpenChange,
  children,
}: Props) {
  const { t } = useI18n();
  return (
    <ConfirmDialog
      trigger={trigger}
      title={title}
      {...(isOpen !== undefined ? { isOpen } : {})}
      onOpenChange={(open) => {
        if (open) onOpen?.();
        onOpenChange?.(open);
      }}
    >
      {(close) => (
        <Form
          className="stack"
          validationBehavior="aria"
          onSubmit={async (event) => {
            event.preventDefault();
            if (isPending) return;
            if (await onSubmit()) close();
          }}
        >
          <p>{intro}</p>
          <ProblemMessage error={error} />
          {children}
          <div className="dialog-buttons">
            <Button className="button" onPress={close}>
              {t.actions.cancelDialog}
            </Button>
            <Button type="submit" className="button primary">
              {confirmLabel}
            </Button>
          </div>
        </Form>
      )}
    </ConfirmDialog>
  );
}

/**
 * Validates the form and runs the action with its values: true when both went through, false when the
 * form shows field errors or the action failed (its error is shown by the dialog).
 */
export function submitForm<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  run: (values: Output) => Promise<void>,
): Promise<boolean> {
  return new Promise((resolve) => {
    void form.handleSubmit(
      (values) =>
        run(values).then(
          () => resolve(true),
          () => resolve(false),
        ),
      () => resolve(false),
    )();
  });
}

/**
 * An action dialog's form: validated by the contract's schema with each field's message in the UI's
 * language, reset with the action's old error whenever the dialog opens, and `run` with the checked
 * values on submit. Spread `dialog` into `ActionDialog`; `form` is for its fields.
 */
export function useActionForm<Schema extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  messages,
  defaults,
  action,
  run,
}: {
  schema: Schema;
  /** Each field's message when it is refused (from the dictionary: `t` is the UI's language). */
  messages(t: Dictionary): Partial<Record<string, string>>;
  defaults: z.input<Schema>;
  /** The mutation behind the action (its `error` may be worded for the screen first). */
  action: { error: unknown; isPending: boolean; reset(): void };
  run(values: z.output<Schema>): Promise<void>;
}) {
  const { t, locale } = useI18n();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the schema and the messages are fixed per dialog; only the language changes them.
  const resolver = useMemo(
    () => contractResolver(schema, locale, messages(t), t.validation.invalid),
    [locale, t],
  );
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver,
    defaultValues: defaults as DefaultValues<z.input<Schema>>,
  });
  const dialog = {
    error: action.error,
    isPending: action.isPending,
    onOpen: () => {
      action.reset();
      form.reset(defaults);
    },
    onSubmit: () => submitForm(form, run),
  };
  return { form, dialog };
}
