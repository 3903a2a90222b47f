import type { ReactNode } from 'react';
import { useId } from 'react';
import { ApiProblem } from '../../lib/api-client.ts';

/** A refused save's messages by field (`errors[].field`, the dotted path the server names). */
export type FieldMessages = Record<string, string>;

export function fieldMessagesOf(error: unknown): FieldMessages {
  if (!(error instanceof ApiProblem)) return {};
  const messages: FieldMessages = {};
  for (const entry of error.errors) messages[entry.field] ??= entry.message;
  return messages;
}

/** The message for a field or anything inside it (`title` also shows `title.de`'s). */
export function messageAt(messages: FieldMessages, name: string): string | undefined {
  if (messages[name]) return messages[name];
  const inside = Object.keys(messages).find((field) => field.startsWith(`${name}.`));
  return inside ? messages[inside] : undefined;
}

type InputProps = {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  description?: string;
  type?: 'text' | 'email' | 'number' | 'date' | 'search' | 'tel';
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email';
  isRequired?: boolean;
  multiline?: boolean;
  name?: string;
  className?: string;
};

/** A labelled input (or text area) whose description and error are tied to it for screen readers. */
export function InputField({
  label,
  value,
  onChange,
  error,
  description,
  type = 'text',
  inputMode,
  isRequired = false,
  multiline = false,
  name,
  className,
}: InputProps) {
  const id = useId();
  const describedBy = [description ? `${id}-d` : '', error ? `${id}-e` : ''].filter(Boolean).join(' ');
  const shared = {
    id,
    value,
    name,
    required: isRequired,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...shared} rows={5} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...shared}
          type={type}
          {...(inputMode ? { inputMode } : {})}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {description ? (
        <span id={`${id}-d`} className="field-description">
          {description}
        </span>
      ) : null}
      {error ? (
        <p id={`${id}-e`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled native select (the system's picker on a tablet). */
export function ChoiceField({
  label,
  value,
  options,
  onChange,
  error,
}: {
  label: string;
  value: string;
  options: { id: string; label: string }[];
  onChange(value: string): void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-e`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One checkbox with its label. */
export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const id = useId();
  return (
    <div className="field field-check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A group of checkboxes under its legend: the values chosen from `options`. */
export function CheckList<Value extends string | number>({
  legend,
  options,
  values,
  onChange,
  error,
}: {
  legend: string;
  options: { id: Value; label: string }[];
  values: Value[];
  onChange(values: Value[]): void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      <div className="choice-list">
        {options.map((option) => (
          <CheckField
            key={String(option.id)}
            label={option.label}
            checked={values.includes(option.id)}
            onChange={(checked) =>
              onChange(
                checked
                  ? options.map((o) => o.id).filter((id) => id === option.id || values.includes(id))
                  : values.filter((value) => value !== option.id),
              )
            }
          />
        ))}
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </fieldset>
  );
}

/** A titled group of fields. */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

export type Translated = { de: string; en: string; it: string };
export const emptyTranslated = (): Translated => ({ de: '', en: '', it: '' });
const languages = ['de', 'en', 'it'] as const;

/** A text in the shop's three languages: three labelled fields, German first (the others fall back to it). */
export function TranslatedFields({
  label,
  languageNames,
  value,
  onChange,
  messages,
  name,
  multiline = false,
  isRequired = false,
}: {
  label: string;
  languageNames: Translated;
  value: Translated;
  onChange(value: Translated): void;
  messages: FieldMessages;
  name: string;
  multiline?: boolean;
  isRequired?: boolean;
}) {
  return (
    <div className="translated">
      {languages.map((language) => (
        <InputField
          key={language}
          label={`${label} (${languageNames[language]})`}
          value={value[language]}
          onChange={(text) => onChange({ ...value, [language]: text })}
          error={messages[`${name}.${language}`] ?? (language === 'de' ? messages[name] : undefined)}
          multiline={multiline}
          isRequired={isRequired && language === 'de'}
        />
      ))}
    </div>
  );
}

/** A whole number typed into a text field, or null when it is empty or not one. */
export function wholeNumber(value: string): number | null {
  const trimmed = value.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** A decimal number (a point or a comma), or null. */
export function decimalNumber(value: string): number | null {
  const trimmed = value.trim().replace(',', '.');
  return /^-?\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : null;
}
