import {
  type ExtensionPointKey,
  type ExtensionPoints,
  extensionPointKeys,
} from '@shop/contracts/admin-content';
import type { Locale } from '@shop/contracts/locale';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { type ContentTexts, useContentTexts } from '../../i18n/content-texts.ts';
import { useAnnounce } from '../../ui/live-region.tsx';
import { ProblemMessage } from '../../ui/problem-message.tsx';
import { extensionPointsQuery, useSaveExtensionPoints } from './api/content.ts';
import { moveItem } from './ordered-list.ts';

type Lists = Record<ExtensionPointKey, string[] | null>;
type Focus =
  | { key: ExtensionPointKey; name: string; action: 'up' | 'down' }
  | { key: ExtensionPointKey; action: 'add' };

/** The footer menu and the home page's pages of a brand (or the default ones) in one language. */
export function ExtensionPointsEditor({ brand, locale }: { brand: string; locale: Locale }) {
  const points = useQuery(extensionPointsQuery(brand, locale));
  return (
    <>
      <ProblemMessage error={points.error} />
      {points.data ? (
        <PointLists key={`${brand}:${locale}:${points.dataUpdatedAt}`} brand={brand} points={points.data} />
      ) : null}
    </>
  );
}

function PointLists({ brand, points }: { brand: string; points: ExtensionPoints }) {
  const texts = useContentTexts();
  const announce = useAnnounce();
  const save = useSaveExtensionPoints();
  const [lists, setLists] = useState<Lists>({ footerMenu: points.footerMenu, home: points.home });
  const [focus, setFocus] = useState<Focus | null>(null);
  const root = useRef<HTMLFormElement>(null);
  const titleOf = (name: string) => points.pages.find((page) => page.name === name)?.title ?? name;

  // A moved entry keeps the focus on its button (or its other one at the list's end), so that keyboard
  // users can press "up" again; a removed one hands it to the list's "add" control.
  useEffect(() => {
    if (!focus || !root.current) return;
    const list = root.current.querySelector(`[data-list="${focus.key}"]`);
    const item =
      focus.action === 'add' ? null : list?.querySelector(`[data-item="${CSS.escape(focus.name)}"]`);
    const button =
      focus.action === 'add'
        ? list?.querySelector<HTMLElement>('select')
        : (item?.querySelector<HTMLButtonElement>(`[data-action="${focus.action}"]:not(:disabled)`) ??
          item?.querySelector<HTMLButtonElement>('button:not(:disabled)'));
    button?.focus();
    setFocus(null);
  }, [focus]);

  const change = (key: ExtensionPointKey, next: string[] | null) =>
    setLists((all) => ({ ...all, [key]: next }));

  return (
    <form
      ref={root}
      className="stack"
      onSubmit={async (event) => {
        event.preventDefault();
        if (save.isPending) return;
        try {
          await save.mutateAsync({ brand: brand || null, locale: points.locale, ...lists });
          announce(texts.pointsSaved);
        } catch {
          // Shown by the problem message.
        }
      }}
    >
      <ProblemMessage error={save.error} />
      <div className="point-lists">
        {extensionPointKeys.map((key) => (
          <PointList
            key={key}
            pointKey={key}
            texts={texts}
            isBrand={brand !== ''}
            list={lists[key]}
            defaults={points.defaults[key]}
            pages={points.pages}
            titleOf={titleOf}
            onChange={(next, after) => {
              change(key, next);
              if (after) setFocus(after);
            }}
            announce={announce}
          />
        ))}
      </div>
      <div className="action-row">
        <button type="submit" className="button primary">
          {texts.savePoints}
        </button>
      </div>
    </form>
  );
}

type ListProps = {
  pointKey: ExtensionPointKey;
  texts: ContentTexts;
  isBrand: boolean;
  list: string[] | null;
  defaults: string[];
  pages: ExtensionPoints['pages'];
  titleOf(name: string): string;
  onChange(next: string[] | null, focus?: Focus): void;
  announce(message: string): void;
};

function PointList({
  pointKey,
  texts,
  isBrand,
  list,
  defaults,
  pages,
  titleOf,
  onChange,
  announce,
}: ListProps) {
  const headingId = useId();
  const addId = useId();
  const [adding, setAdding] = useState('');
  const items = list ?? defaults;
  const usesDefault = list === null;
  const addable = pages.filter((page) => !items.includes(page.name));

  const move = (index: number, by: -1 | 1) => {
    const name = items[index] as string;
    onChange(moveItem(items, index, by), { key: pointKey, name, action: by < 0 ? 'up' : 'down' });
    announce(texts.moved(titleOf(name), index + by + 1));
  };

  return (
    <fieldset className="card stack point-list" data-list={pointKey} aria-labelledby={headingId}>
      <legend id={headingId} className="point-list-title">
        {texts[pointKey]}
      </legend>
      {isBrand ? (
        <label className="checkbox-line">
          <input
            type="checkbox"
            checked={usesDefault}
            onChange={(event) => onChange(event.target.checked ? null : [...defaults])}
          />{' '}
          {texts.useDefault}
        </label>
      ) : null}
      {usesDefault ? (
        <p>{texts.defaultList(defaults.map(titleOf).join(', '))}</p>
      ) : (
        <>
          {items.length === 0 ? <p>{texts.emptyList}</p> : null}
          <ol className="point-items">
            {items.map((name, index) => {
              const title = titleOf(name);
              return (
                <li key={name} data-item={name}>
                  <div className="point-item">
                    <span className="point-item-title">
                      {title} <span className="muted">({name})</span>
                    </span>
                    <span className="row-actions">
                      <button
                        type="button"
                        className="button"
                        data-action="up"
                        disabled={index === 0}
                        aria-label={texts.moveUp(title)}
                        onClick={() => move(index, -1)}
                      >
                        {texts.up}
                      </button>
                      <button
                        type="button"
                        className="button"
                        data-action="down"
                        disabled={index === items.length - 1}
                        aria-label={texts.moveDown(title)}
                        onClick={() => move(index, 1)}
                      >
                        {texts.down}
                      </button>
                      <button
                        type="button"
                        className="button"
                        aria-label={texts.removeItem(title)}
                        onClick={() => {
                          onChange(
                            items.filter((item) => item !== name),
                            { key: pointKey, action: 'add' },
                          );
                          announce(texts.removed(title));
                        }}
                      >
                        {texts.remove}
                      </button>
                    </span>
                  </div>
                </li>
              );
            })}
          </ol>
          <div className="point-add">
            <div className="field">
              <label htmlFor={addId}>{texts.addPage}</label>
              <select id={addId} value={adding} onChange={(event) => setAdding(event.target.value)}>
                <option value="">{texts.choosePage}</option>
                {addable.map((page) => (
                  <option key={page.name} value={page.name}>
                    {page.title} ({page.name})
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className="button"
              disabled={adding === ''}
              onClick={() => {
                onChange([...items, adding], { key: pointKey, action: 'add' });
                announce(texts.added(titleOf(adding)));
                setAdding('');
              }}
            >
              {texts.add}
            </button>
          </div>
        </>
      )}
    </fieldset>
  );
}
