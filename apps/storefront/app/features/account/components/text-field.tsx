import type { HTMLAttributes } from 'react';
import { FormField } from '#app/ui/form-field.tsx';

type Props = {
  form: string;
  name: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  isRequired?: boolean;
  hint?: string;
  className?: string;
};

/** One labelled text input of an account form (its error and hint linked to it). */
export function TextField({
  type = 'text',
  isRequired = true,
  value,
  onChange,
  autoComplete,
  inputMode,
  ...field
}: Props) {
  return (
    <FormField {...field} isRequired={isRequired}>
      {(control) => (
        <input
          {...control}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
