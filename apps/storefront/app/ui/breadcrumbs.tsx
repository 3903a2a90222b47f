import { Link } from 'react-router';
import type { Crumb } from '#app/lib/meta.ts';
import { useT } from '#app/lib/shop-data.ts';

/** Where the page sits: home › … › this page (the same trail the page's BreadcrumbList describes). */
export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  const t = useT();
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
      <ol>
        {trail.map((crumb, index) => (
          <li key={crumb.path}>
            {index < trail.length - 1 ? (
              <Link to={crumb.path}>{crumb.name}</Link>
            ) : (
              <span aria-current="page">{crumb.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
