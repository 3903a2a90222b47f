import type { ReactNode } from 'react';

/** The id of a form field's input and of its error message (aria-describedby points there). */
export const fieldId = (form: string, name: string) => `${form}-${name}`;
export const errorId = (form: string, name: string) => `${form}-${name}-error`;

type FieldProps = {
  /** The form's id prefix (`checkout`, `register`, …): ids stay unique on the page. */
  form: string;
  name: string;
  label: string;
  error: string | undefined;
  isRequired?: boolean;
  hint?: string;
  className?: string;
  /** The control: gets its id, aria-invalid and aria-describedby from `controlProps`. */
  children: (controlProps: ControlProps) => ReactNode;
};

export type ControlProps = {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
};

/** A labelled form field; its error (and hint) are linked to the control so they are read with it. */
export function FormField({ form, name, label, error, isRequired, hint, className, children }: FieldProps) {
  const id = fieldId(form, name);
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId(form, name) : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children({
        id,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': isRequired ? true : undefined,
      })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(form, name)} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox with its label beside it and its error below. */
export function CheckboxField({
  form,
  name,
  label,
  error,
  isChecked,
  isRequired,
  onChange,
}: {
  form: string;
  name: string;
  label: ReactNode;
  error: string | undefined;
  isChecked: boolean;
  isRequired?: boolean;
  onChange: (isChecked: boolean) => void;
}) {
  return (
    <div className="check-field">
      <input
        type="checkbox"
        id={fieldId(form, name)}
        name={name}
        checked={isChecked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(form, name) : undefined}
        aria-required={isRequired ? true : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={fieldId(form, name)}>{label}</label>
      {error ? (
        <p id={errorId(form, name)} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
