import { useId } from 'react';

export type Option = { id: string; label: string };

type Props = {
  label: string;
  options: Option[];
  /** '' = the first option, which means "any". */
  value: string;
  onChange(value: string): void;
};

/**
 * A labelled single choice: the browser's own select. React Aria's Select would add 30 KB gzip to the
 * first view (docs/decisions/027), and on a tablet the system's picker is what people know.
 */
export function SelectField({ label, options, value, onChange }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
