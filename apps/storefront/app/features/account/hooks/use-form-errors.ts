import { type RefObject, useRef, useState } from 'react';
import type { Reaction } from '#app/lib/orders/error-catalogue.ts';
import { fieldId } from '#app/ui/form-field.tsx';

/** A form's messages: one per field, and those that belong to no field (the server's words). */
export type FormErrors<F extends string> = { fields: Partial<Record<F, string>>; form: string[] };

export type FormErrorsState<F extends string> = {
  errors: FormErrors<F>;
  /** Shows the messages and moves focus to the first field with one, else to the summary. */
  show(errors: FormErrors<F>): void;
  /** The server refused the form: its field messages at the fields, the rest in the summary. */
  showRefusal(reaction: Reaction): void;
  clear(): void;
  summaryRef: RefObject<HTMLDivElement | null>;
};

const none = { fields: {}, form: [] };

/** Messages of one form (`form` is the id prefix of its fields), its fields in the order shown. */
export function useFormErrors<F extends string>(form: string, order: readonly F[]): FormErrorsState<F> {
  const [errors, setErrors] = useState<FormErrors<F>>(none);
  const summaryRef = useRef<HTMLDivElement>(null);
  const show = (next: FormErrors<F>) => {
    setErrors(next);
    requestAnimationFrame(() => {
      const field = order.find((name) => next.fields[name]);
      if (field) document.getElementById(fieldId(form, field))?.focus();
      else summaryRef.current?.focus();
    });
  };
  const showRefusal = (reaction: Reaction) => {
    const fields: Partial<Record<F, string>> = {};
    for (const name of order) {
      const message = reaction.fieldErrors[name];
      if (message) fields[name] = message;
    }
    // A toast has said it already (no connection, unexpected error): nothing to add at the form.
    if (Object.keys(fields).length === 0 && reaction.toast) return;
    show({ fields, form: Object.keys(fields).length > 0 ? [] : reaction.errors });
  };
  return { errors, show, showRefusal, clear: () => setErrors(none), summaryRef };
}
