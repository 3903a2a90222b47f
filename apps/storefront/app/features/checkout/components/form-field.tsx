import type { ReactNode } from 'react';

/** The id of a checkout field's input and of its error message (aria-describedby points there). */
export const fieldId = (name: string) => `checkout-${name}`;
export const errorId = (name: string) => `checkout-${name}-error`;

type FieldProps = {
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
export function FormField({ name, label, error, isRequired, hint, className, children }: FieldProps) {
  const hintId = `${fieldId(name)}-hint`;
  const describedBy = [error ? errorId(name) : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={fieldId(name)}>
        {label}
        {isRequired ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children({
        id: fieldId(name),
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
        <p id={errorId(name)} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox with its label beside it and its error below. */
export function CheckboxField({
  name,
  label,
  error,
  isChecked,
  isRequired,
  onChange,
}: {
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
        id={fieldId(name)}
        name={name}
        checked={isChecked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(name) : undefined}
        aria-required={isRequired ? true : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={fieldId(name)}>{label}</label>
      {error ? (
        <p id={errorId(name)} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
