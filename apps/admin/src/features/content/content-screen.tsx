import type { AdminContentPageRef } from '@shop/contracts/admin-content';
import { type Locale, locales } from '@shop/contracts/locale';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useContentTexts } from '../../i18n/content-texts.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { Section } from '../../ui/section.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { sessionQuery } from '../auth/api/session.ts';
import { brandsQuery } from '../orders/api/get-orders.ts';
import { contentPageQuery, contentPagesQuery } from './api/content.ts';
import './content-screen.css';
import { ExtensionPointsEditor } from './extension-points-editor.tsx';
import { type EditedPage, PageEditor } from './page-editor.tsx';

const isLocale = (value: string | null): value is Locale => locales.includes(value as Locale);
const emptyPage: EditedPage = { id: null, slug: '', name: '', title: '', body: '' };

/** What the editor opens: `new`, `copy-<id>` (a default page as the brand's own) or a page's id. */
function editedId(value: string | null): { copy: boolean; id: number } | 'new' | null {
  if (value === 'new') return 'new';
  const match = /^(copy-)?([1-9]\d{0,9})$/.exec(value ?? '');
  return match ? { copy: match[1] !== undefined, id: Number(match[2]) } : null;
}

/**
 * /admin/content (operators, brand managers): a brand's pages in a language (operators also the
 * default pages every brand shows), the editor with the shop's preview beside it, and the footer menu
 * and home lists. Brand, language and the open page are in the address.
 */
export function ContentScreen() {
  const texts = useContentTexts();
  const [params, setParams] = useSearchParams();
  const session = useQuery(sessionQuery());
  const brands = useQuery(brandsQuery());
  const isOperator = session.data?.staff.role === 'operator';
  // A manager has no default pages to edit: their first brand until they choose.
  const brand = params.get('brand') ?? (isOperator ? '' : (brands.data?.[0]?.short ?? ''));
  const locale = isLocale(params.get('locale')) ? (params.get('locale') as Locale) : 'de';
  const edited = editedId(params.get('page'));
  const ready = session.data !== undefined && (isOperator || brand !== '');

  const addressOf = (next: { brand?: string; locale?: Locale; page?: string | null }) => {
    const query = new URLSearchParams();
    const nextBrand = next.brand ?? brand;
    if (nextBrand || !isOperator) query.set('brand', nextBrand);
    query.set('locale', next.locale ?? locale);
    const page = next.page === undefined ? params.get('page') : next.page;
    if (page) query.set('page', page);
    return query;
  };
  const go = (next: Parameters<typeof addressOf>[0]) => setParams(addressOf(next));

  return (
    <div className="stack">
      <PageHeading>{texts.title}</PageHeading>
      <p>{texts.intro}</p>
      <fieldset className="filters">
        <legend className="visually-hidden">{texts.filters}</legend>
        <SelectField
          label={texts.brand}
          value={brand}
          options={[
            ...(isOperator ? [{ id: '', label: texts.defaultPages }] : []),
            ...(brands.data ?? []).map((option) => ({ id: option.short, label: option.name })),
          ]}
          onChange={(next) => go({ brand: next, page: null })}
        />
        <SelectField
          label={texts.language}
          value={locale}
          options={locales.map((option) => ({ id: option, label: texts.languages[option] }))}
          onChange={(next) => go({ locale: next as Locale, page: null })}
        />
      </fieldset>
      {ready ? (
        <>
          <PageList brand={brand} locale={locale} addressOf={addressOf} />
          {edited ? (
            <Editor
              key={`${brand}:${locale}:${params.get('page')}`}
              brand={brand}
              locale={locale}
              edited={edited}
              onSaved={(id) => go({ page: String(id) })}
              onClose={() => go({ page: null })}
            />
          ) : null}
          <Section id="content-points" title={texts.points}>
            <p>{texts.pointsIntro}</p>
            <ExtensionPointsEditor brand={brand} locale={locale} />
          </Section>
        </>
      ) : null}
    </div>
  );
}

type ListProps = {
  brand: string;
  locale: Locale;
  addressOf(next: { page: string }): URLSearchParams;
};

function PageList({ brand, locale, addressOf }: ListProps) {
  const texts = useContentTexts();
  const pages = useQuery(contentPagesQuery(brand, locale));
  const rows = (list: AdminContentPageRef[], copy: boolean) =>
    list.map((page) => [
      page.title,
      `/${page.slug}`,
      page.name,
      <Link key="edit" to={`/content?${addressOf({ page: copy ? `copy-${page.id}` : String(page.id) })}`}>
        {copy ? texts.ownVersion : texts.edit}
        <span className="visually-hidden"> {texts.forPage(page.title)}</span>
      </Link>,
    ]);
  const head = [texts.columns.title, texts.columns.slug, texts.columns.name, texts.columns.actions];
  return (
    <>
      <Section id="content-pages" title={texts.pages}>
        <div className="stack" aria-busy={pages.isFetching}>
          <ProblemMessage error={pages.error} />
          <p>
            <Link className="button" to={`/content?${addressOf({ page: 'new' })}`}>
              {texts.newPage}
            </Link>
          </p>
          {pages.data && pages.data.pages.length === 0 ? <p>{texts.noPages}</p> : null}
          {pages.data && pages.data.pages.length > 0 ? (
            <DataTable head={head} rows={rows(pages.data.pages, false)} />
          ) : null}
        </div>
      </Section>
      {pages.data && pages.data.inherited.length > 0 ? (
        <Section id="content-inherited" title={texts.inherited}>
          <p>{texts.inheritedIntro}</p>
          <DataTable head={head} rows={rows(pages.data.inherited, true)} />
        </Section>
      ) : null}
    </>
  );
}

type EditorProps = {
  brand: string;
  locale: Locale;
  edited: { copy: boolean; id: number } | 'new';
  onSaved(id: number): void;
  onClose(): void;
};

/** Loads the page to edit (or the default page to copy) before the form starts with its values. */
function Editor({ brand, locale, edited, onSaved, onClose }: EditorProps) {
  const page = useQuery({ ...contentPageQuery(edited === 'new' ? 0 : edited.id), enabled: edited !== 'new' });
  if (edited === 'new') {
    return <PageEditor brand={brand} locale={locale} page={emptyPage} onSaved={onSaved} onClose={onClose} />;
  }
  if (page.error) return <ProblemMessage error={page.error} />;
  if (!page.data) return null;
  const { slug, name, title, body } = page.data;
  return (
    <PageEditor
      brand={brand}
      locale={locale}
      page={{ id: edited.copy ? null : page.data.id, slug, name, title, body }}
      onSaved={onSaved}
      onClose={onClose}
    />
  );
}
