import { Link, useLocation } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';

/** Numbered page links around the current page, keeping every other query parameter. */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const t = useT();
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const search = new URLSearchParams(location.search);
    if (target === 1) search.delete('page');
    else search.set('page', String(target));
    const query = search.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  const pages = new Set([1, page - 1, page, page + 1, pageCount].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={t('search.pagination')}>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" aria-label={t('search.previous')}>
              ‹
            </Link>
          </li>
        ) : null}
        {sorted.map((target, index) => (
          <li key={target}>
            {index > 0 && target - (sorted[index - 1] ?? target) > 1 ? (
              <span aria-hidden="true">…</span>
            ) : null}
            <Link
              to={hrefFor(target)}
              aria-label={t('search.page', { page: target })}
              aria-current={target === page ? 'page' : undefined}
            >
              {target}
            </Link>
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" aria-label={t('search.next')}>
              ›
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
