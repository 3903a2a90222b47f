import type { FormEvent } from 'react';
import { Form, Link, useLocation, useSubmit } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import type { Option, SearchView } from '../search.server.ts';
import { searchSorts } from '../search-state.ts';

function Select({
  name,
  label,
  options,
  value,
  anyLabel,
}: {
  name: string;
  label: string;
  options: Option[];
  value: string | number | null;
  anyLabel?: string;
}) {
  const id = `refine-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value === null ? '' : String(value)}>
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Sorting and refinements as a plain GET form: the state lives in the URL, works without JavaScript,
 * and nothing changes until the visitor asks (no surprise navigation while choosing).
 */
export function Refinements({ view }: { view: SearchView }) {
  const t = useT();
  const location = useLocation();
  const submit = useSubmit();
  const { state, options, fixed } = view;
  // Short, shareable URLs: leave out empty refinements and the default sort.
  const submitCompact = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    for (const [name, value] of [...data.entries()]) {
      if (value === '' || (name === 'sort' && value === 'relevance')) data.delete(name);
    }
    submit(data, { method: 'get' });
  };
  const any = t('search.any');
  return (
    <Form
      method="get"
      className="refinements"
      key={location.search}
      aria-label={t('search.refine')}
      onSubmit={submitCompact}
    >
      {fixed.query ? null : (
        <div className="field field-wide">
          <label htmlFor="refine-q">{t('search.query')}</label>
          <input id="refine-q" type="search" name="q" defaultValue={state.q} maxLength={200} />
        </div>
      )}
      {fixed.country || options.countries.length === 0 ? null : (
        <Select
          name="country"
          label={t('search.country')}
          options={options.countries}
          value={state.country}
          anyLabel={any}
        />
      )}
      {fixed.theme || options.themes.length === 0 ? null : (
        <Select
          name="theme"
          label={t('search.theme')}
          options={options.themes}
          value={state.theme}
          anyLabel={any}
        />
      )}
      <Select
        name="nights"
        label={t('search.nights')}
        options={options.nights}
        value={state.nights}
        anyLabel={any}
      />
      <Select
        name="persons"
        label={t('search.persons')}
        options={options.persons}
        value={state.persons}
        anyLabel={any}
      />
      <Select
        name="price"
        label={t('search.price')}
        options={options.prices}
        value={state.price}
        anyLabel={any}
      />
      <Select
        name="sort"
        label={t('search.sort')}
        options={searchSorts.map((sort) => ({ value: sort, label: t(`search.sort.${sort}`) }))}
        value={state.sort}
      />
      <div className="refinement-actions">
        <button type="submit" className="button">
          {t('search.apply')}
        </button>
        <Link to={location.pathname} className="reset-link">
          {t('search.reset')}
        </Link>
      </div>
    </Form>
  );
}
