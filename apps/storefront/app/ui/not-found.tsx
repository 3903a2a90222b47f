import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';

/** The page-not-found screen (SPEC §2): "Oops" and a way back home. */
export function NotFound() {
  const t = useT();
  return (
    <div className="container page narrow not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.heading')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="button" to="/">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
