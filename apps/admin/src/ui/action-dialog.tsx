import type { ReactNode } from 'react';
import { Button, Form } from 'react-aria-components';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useI18n } from '../i18n/i18n-context.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ProblemMessage } from './problem-message.tsx';

type Props = {
  /** The opening button's text (it may hold words for screen readers only: which row it acts on). */
  trigger: ReactNode;
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
  /** Called when the dialog opens: a fresh form and no old error. */
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
  children,
}: Props) {
  const { t } = useI18n();
  return (
    <ConfirmDialog trigger={trigger} title={title} onOpenChange={(isOpen) => isOpen && onOpen?.()}>
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
