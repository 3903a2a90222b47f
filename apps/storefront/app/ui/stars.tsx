import { useT } from '#app/lib/shop-data.ts';

/**
 * Hotel category as stars: one image named "3 Sterne" for screen readers, the stars on screen. A space
 * follows, so the text after it never runs into the stars.
 */
export function Stars({ count }: { count: number }) {
  const t = useT();
  const label = count === 1 ? t('offer.star') : t('offer.stars', { count });
  return (
    <>
      <span className="stars" role="img" aria-label={label} title={label}>
        {'★'.repeat(count)}
      </span>{' '}
    </>
  );
}
