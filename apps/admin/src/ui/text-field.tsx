import type { ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

type Props<Values extends FieldValues> = {
  control: Control<Values, unknown, unknown>;
  name: FieldPath<Values>;
  label: ReactNode;
  description?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'date' | 'search';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email';
  autoFocus?: boolean;
  isRequired?: boolean;
};

/**
 * A labelled text field of a react-hook-form form, drawn by React Aria (label, description and error
 * tied to the input for screen readers); the error is the resolver's, already in the UI's language.
 */
export function FormTextField<Values extends FieldValues>({
  control,
  name,
  label,
  description,
  ...input
}: Props<Values>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      className="field"
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      isInvalid={fieldState.invalid}
      isRequired={input.isRequired ?? false}
      type={input.type ?? 'text'}
      {...(input.autoComplete ? { autoComplete: input.autoComplete } : {})}
      {...(input.inputMode ? { inputMode: input.inputMode } : {})}
      autoFocus={input.autoFocus ?? false}
      validationBehavior="aria"
    >
      <Label>{label}</Label>
      <Input ref={field.ref} />
      {description ? <Text slot="description">{description}</Text> : null}
      <FieldError>{fieldState.error?.message}</FieldError>
    </TextField>
  );
}
