import type { ReactNode } from 'react';
import type { z } from 'zod';
import { type BrandTexts, fieldLabel } from '../../i18n/brand-texts.ts';

/**
 * A form generated from a zod schema (the brand config's contract), so that a field added to the
 * schema appears here without a change: strings and numbers as text inputs, booleans as checkboxes,
 * enums as selects (a list of enum values as checkboxes), objects as fieldsets, arrays as lists with
 * add and remove, records keyed by language as one fieldset per language. Optional and nullable parts
 * have a "set" checkbox. The value is plain JSON; the server checks it with the same schema and its
 * errors (dotted paths) are shown at their fields.
 */

export type Path = (string | number)[];
type Schema = z.ZodType;
type Def = {
  type: string;
  innerType?: Schema;
  defaultValue?: unknown;
  shape?: Record<string, Schema>;
  element?: Schema;
  entries?: Record<string, string>;
  keyType?: Schema;
  valueType?: Schema;
  partial?: boolean;
  in?: Schema;
};

const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema without its default/optional/nullable wrappers, and what they allowed. */
function unwrap(schema: Schema): { core: Schema; isOptional: boolean; isNullable: boolean } {
  let core = schema;
  let isOptional = false;
  let isNullable = false;
  for (;;) {
    const def = defOf(core);
    if (def.type === 'optional' && def.innerType) isOptional = true;
    else if (def.type === 'nullable' && def.innerType) isNullable = true;
    else if (def.type === 'default' && def.innerType) isOptional = true;
    else if (def.type === 'pipe' && def.in) {
      core = def.in;
      continue;
    } else break;
    core = def.innerType as Schema;
  }
  return { core, isOptional, isNullable };
}

/** A new, empty value of a schema: what "add" and "set" start from. */
export function emptyValue(schema: Schema): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'default':
      return structuredClone(def.defaultValue);
    case 'optional':
    case 'nullable':
      return emptyValue(def.innerType as Schema);
    case 'string':
      return '';
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'array':
      return [];
    case 'record':
      return {};
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, field]) => [key, emptyValue(field)]),
      );
    default:
      return null;
  }
}

export const pathKey = (path: Path) => path.join('.');
const fieldId = (path: Path) => `field-${path.join('-') || 'root'}`;

type Context = {
  texts: BrandTexts;
  /** Error messages by dotted path (without the request's `config.` prefix). */
  errors: ReadonlyMap<string, string>;
  onChange(path: Path, value: unknown): void;
};

export function SchemaForm({
  schema,
  value,
  ...context
}: Context & { schema: Schema; value: Record<string, unknown> }) {
  const def = defOf(unwrap(schema).core);
  return (
    <div className="schema-form stack">
      {Object.entries(def.shape ?? {}).map(([key, field]) => (
        <SchemaField key={key} schema={field} path={[key]} value={value[key]} context={context} />
      ))}
    </div>
  );
}

function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

function SchemaField({
  schema,
  path,
  value,
  context,
  label = fieldLabel(context.texts, path),
}: {
  schema: Schema;
  path: Path;
  value: unknown;
  context: Context;
  label?: string;
}): ReactNode {
  const { core, isOptional, isNullable } = unwrap(schema);
  const def = defOf(core);
  const id = fieldId(path);
  const error = context.errors.get(pathKey(path));
  const errorId = `${id}-error`;
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const emptyAs = isNullable ? null : undefined;
  const set = (next: unknown) => context.onChange(path, next);

  if (def.type === 'string' || def.type === 'number') {
    const isNumber = def.type === 'number';
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="text"
          inputMode={isNumber ? 'numeric' : undefined}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) => {
            const text = event.target.value;
            if (text === '' && (isOptional || isNullable)) set(emptyAs);
            // A number the server can read is sent as one; anything else as typed, for the server to name.
            else if (isNumber && /^-?\d+(\.\d+)?$/.test(text.trim())) set(Number(text));
            else set(text);
          }}
          {...invalid}
        />
        <ErrorText id={errorId} message={error} />
      </div>
    );
  }

  if (def.type === 'boolean') {
    return (
      <div className="field field-check">
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          onChange={(event) => set(event.target.checked)}
          {...invalid}
        />
        <label htmlFor={id}>{label}</label>
        <ErrorText id={errorId} message={error} />
      </div>
    );
  }

  if (def.type === 'enum') {
    const options = Object.values(def.entries ?? {});
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(event) => set(event.target.value === '' ? emptyAs : event.target.value)}
          {...invalid}
        >
          {isOptional || isNullable || value === undefined ? (
            <option value="">{context.texts.noValue}</option>
          ) : null}
          {options.map((option) => (
            <option key={option} value={option}>
              {context.texts.languages[option] ?? option}
            </option>
          ))}
        </select>
        <ErrorText id={errorId} message={error} />
      </div>
    );
  }

  // Objects, arrays and records: a fieldset; an optional or nullable one has a "set" checkbox.
  const isAbsent = value === null || value === undefined;
  const canBeAbsent = isOptional || isNullable;
  return (
    <fieldset className="fieldset" id={id} {...(error ? { 'aria-describedby': errorId } : {})}>
      <legend>{label}</legend>
      <ErrorText id={errorId} message={error} />
      {canBeAbsent ? (
        <div className="field field-check">
          <input
            id={`${id}-set`}
            type="checkbox"
            checked={!isAbsent}
            onChange={(event) => set(event.target.checked ? emptyValue(core) : emptyAs)}
          />
          <label htmlFor={`${id}-set`}>{context.texts.isSet(label)}</label>
        </div>
      ) : null}
      {isAbsent && canBeAbsent ? null : (
        <Compound
          core={core}
          path={path}
          value={isAbsent ? emptyValue(core) : value}
          context={context}
          label={label}
        />
      )}
    </fieldset>
  );
}

function Compound({
  core,
  path,
  value,
  context,
  label,
}: {
  core: Schema;
  path: Path;
  value: unknown;
  context: Context;
  label: string;
}): ReactNode {
  const def = defOf(core);
  const set = (next: unknown) => context.onChange(path, next);

  if (def.type === 'object') {
    const object = (value ?? {}) as Record<string, unknown>;
    return Object.entries(def.shape ?? {}).map(([key, field]) => (
      <SchemaField key={key} schema={field} path={[...path, key]} value={object[key]} context={context} />
    ));
  }

  if (def.type === 'record') {
    const record = (value ?? {}) as Record<string, unknown>;
    const keys = Object.values(defOf(def.keyType as Schema).entries ?? {});
    const valueType = def.valueType as Schema;
    return keys.map((key) => {
      const keyPath = [...path, key];
      if (!def.partial) {
        return (
          <SchemaField key={key} schema={valueType} path={keyPath} value={record[key]} context={context} />
        );
      }
      // A partial record (texts per language): a language may be left out.
      const checkId = `${fieldId(keyPath)}-set`;
      const keyLabel = fieldLabel(context.texts, keyPath);
      return (
        <div key={key} className="record-entry">
          <div className="field field-check">
            <input
              id={checkId}
              type="checkbox"
              checked={record[key] !== undefined}
              onChange={(event) => {
                const next = { ...record };
                if (event.target.checked) next[key] = emptyValue(valueType);
                else delete next[key];
                set(next);
              }}
            />
            <label htmlFor={checkId}>{context.texts.isSet(keyLabel)}</label>
          </div>
          {record[key] === undefined ? null : (
            <SchemaField schema={valueType} path={keyPath} value={record[key]} context={context} />
          )}
        </div>
      );
    });
  }

  if (def.type === 'array') {
    const items = Array.isArray(value) ? value : [];
    const element = unwrap(def.element as Schema).core;
    const elementDef = defOf(element);
    if (elementDef.type === 'enum') {
      // A set of choices (languages, countries): one checkbox each, in the schema's order.
      const options = Object.values(elementDef.entries ?? {});
      return (
        // Inside the fieldset whose legend names the choice.
        <div className="choice-list">
          {options.map((option) => {
            const optionId = `${fieldId(path)}-${option}`;
            return (
              <div key={option} className="field field-check">
                <input
                  id={optionId}
                  type="checkbox"
                  checked={items.includes(option)}
                  onChange={(event) =>
                    set(
                      event.target.checked
                        ? options.filter((candidate) => candidate === option || items.includes(candidate))
                        : items.filter((item) => item !== option),
                    )
                  }
                />
                <label htmlFor={optionId}>{context.texts.languages[option] ?? option}</label>
              </div>
            );
          })}
        </div>
      );
    }
    return (
      <>
        <ol className="array-items">
          {items.map((item, index) => (
            // Items have no identity of their own: the index is what the server's errors name too.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>
              <SchemaField
                schema={def.element as Schema}
                path={[...path, index]}
                value={item}
                context={context}
              />
              <button
                type="button"
                className="button"
                onClick={() => set(items.filter((_, other) => other !== index))}
              >
                {context.texts.remove}
                <span className="visually-hidden">
                  {' '}
                  {label}: {context.texts.item(index)}
                </span>
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button"
          onClick={() => set([...items, emptyValue(def.element as Schema)])}
        >
          {context.texts.add}
          <span className="visually-hidden"> {context.texts.addTo(label)}</span>
        </button>
      </>
    );
  }

  return <p>{JSON.stringify(value)}</p>;
}

/** `config` with `value` at `path` (copies along the path; the rest is shared). */
export function setAt(config: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(config)) {
    const copy = [...config];
    copy[head as number] = setAt(copy[head as number], rest, value);
    return copy;
  }
  const copy = { ...((config ?? {}) as Record<string, unknown>) };
  const next = setAt(copy[head], rest, value);
  if (next === undefined) delete copy[head];
  else copy[head] = next;
  return copy;
}
