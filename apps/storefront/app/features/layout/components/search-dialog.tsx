import { searchPath } from '@shop/contracts/site-paths';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { hrefForSuggestion, useSuggestions } from '#app/features/layout/api/get-suggestions.ts';
import { useT } from '#app/lib/shop-data.ts';
import { SearchIcon } from '#app/ui/icons.tsx';
import { DialogHeader, ModalDialog } from '#app/ui/modal-dialog.tsx';

type Props = { isOpen: boolean; onClose: () => void };

/** SPEC §2: the full-screen search modal. Enter runs the keyword search; suggestions appear as you type. */
export function SearchDialog({ isOpen, onClose }: Props) {
  return (
    <ModalDialog isOpen={isOpen} onClose={onClose} labelledBy="search-dialog-title" className="search-dialog">
      <SearchPanel onClose={onClose} />
    </ModalDialog>
  );
}

function SearchPanel({ onClose }: { onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const suggestions = useSuggestions(keyword);
  const panel = useRef<HTMLDivElement>(null);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = keyword.trim();
    onClose();
    navigate(term ? `/search/${encodeURIComponent(term)}` : '/urlaub-finden');
  };
  // Escape closes at once (a search input's own Escape would only clear it); arrow keys walk between
  // the input and the suggestion links (Tab works too).
  const handleKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const stops = [...(panel.current?.querySelectorAll<HTMLElement>('#site-search, .suggestions a') ?? [])];
    if (stops.length < 2) return;
    event.preventDefault();
    const index = stops.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    stops[(index + step + stops.length) % stops.length]?.focus();
  };

  const status =
    suggestions === null
      ? ''
      : suggestions.length === 0
        ? t('layout.noSuggestions')
        : t('layout.suggestions', { count: suggestions.length });

  return (
    <div ref={panel} className="container search-panel">
      <DialogHeader
        id="search-dialog-title"
        title={t('layout.search')}
        closeLabel={t('layout.close')}
        onClose={onClose}
      />
      <search>
        {/* Sent by the browser itself (no client yet, or it failed), it lands on the search route too. */}
        <form className="search-form" action={searchPath} method="get" onSubmit={search}>
          <label htmlFor="site-search">{t('layout.searchLabel')}</label>
          <div className="search-row">
            <input
              id="site-search"
              name="q"
              type="search"
              data-autofocus
              autoComplete="off"
              enterKeyHint="search"
              maxLength={100}
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              onKeyDown={handleKey}
            />
            <button type="submit" className="button">
              <SearchIcon />
              <span>{t('home.searchButton')}</span>
            </button>
          </div>
        </form>
      </search>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {suggestions?.length ? (
        <ul className="suggestions" aria-label={t('layout.suggestionsLabel')}>
          {suggestions.map((suggestion) => (
            <li key={`${suggestion.kind}-${suggestion.key}`}>
              <Link to={hrefForSuggestion(suggestion)} onClick={onClose} onKeyDown={handleKey}>
                <span className="suggestion-label">{suggestion.label}</span>
                <span className="suggestion-kind">{t(`layout.suggestion.${suggestion.kind}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
