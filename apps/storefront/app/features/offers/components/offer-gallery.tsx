import type { Offer } from '@shop/contracts/catalogue';
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { loadChunk } from '#app/features/app-update/chunk-load.ts';
import { useT } from '#app/lib/shop-data.ts';
import { srcSetFor } from '#app/ui/image.ts';

type Image = Offer['images'][number];

/** The zoomable view of the pictures: its own chunk, fetched when the visitor points at a picture. */
const loadLightbox = () => loadChunk(() => import('./gallery-lightbox.tsx'));
const GalleryLightbox = lazy(loadLightbox);

/**
 * The offer's pictures. Each one is a link to the full-size picture, so it works before the client has
 * started; once it has, the link opens the lightbox (keyboard, swipe, zoom) instead.
 */
export function OfferGallery({ images }: { images: Image[] }) {
  const t = useT();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [first, ...more] = images;
  if (!first) return null;
  const count = images.length;
  const open = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpenIndex(index);
  };
  const linkProps = (image: Image, index: number) => ({
    href: image.url.replace(/\/\d+\.webp$/, '/1280.webp'),
    className: 'gallery-open',
    'aria-label': t('offer.enlarge', { index: index + 1, count }),
    'aria-haspopup': 'dialog' as const,
    onClick: open(index),
    onPointerEnter: () => void loadLightbox().catch(() => {}),
    onFocus: () => void loadLightbox().catch(() => {}),
  });
  return (
    <section className="gallery" aria-label={t('offer.gallery')}>
      <a {...linkProps(first, 0)}>
        <img
          className="gallery-main"
          src={first.url}
          srcSet={srcSetFor(first.url)}
          sizes="(min-width: 1024px) 60vw, 100vw"
          width={1280}
          height={853}
          alt={first.alt}
          fetchPriority="high"
        />
      </a>
      {more.length > 0 ? (
        <ul className="gallery-thumbs">
          {more.map((image, index) => (
            <li key={image.url}>
              <a {...linkProps(image, index + 1)}>
                <img
                  src={image.url}
                  srcSet={srcSetFor(image.url)}
                  sizes="(min-width: 1024px) 20vw, 50vw"
                  width={640}
                  height={427}
                  alt={`${image.alt} – ${t('offer.image', { index: index + 2, count })}`}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {openIndex !== null ? (
        <Suspense fallback={null}>
          <GalleryLightbox images={images} startIndex={openIndex} onClose={() => setOpenIndex(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
