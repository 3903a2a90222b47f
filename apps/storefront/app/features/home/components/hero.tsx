import type { BrandConfig } from '@shop/contracts/brand-config';
import { heroImagePath, heroSizes } from '@shop/contracts/site-paths';
import { Form } from 'react-router';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { SearchIcon } from '#app/ui/icons.tsx';

/**
 * SPEC §9 hero breakpoints: up to each of these viewport widths the hero is drawn about as wide as that
 * size's file (the configured crops are cut to cover the hero box there); xl above 1216 px. The fifth
 * breakpoint, 1418 px, is the l file's own width.
 */
const breakpoints = { xs: 500, s: 768, m: 960, l: 1216 } as const;

/** srcset and sizes over the brand's five configured hero files. */
export function heroSources(brand: Pick<BrandConfig, 'short' | 'heroImageResolution'>) {
  const resolution = brand.heroImageResolution;
  const srcSet = heroSizes
    .map((size) => `${heroImagePath(brand.short, size)} ${resolution[size].width}w`)
    .join(', ');
  const sizes = [
    ...(['xs', 's', 'm', 'l'] as const).map(
      (size) => `(max-width: ${breakpoints[size]}px) ${resolution[size].width}px`,
    ),
    `${resolution.xl.width}px`,
  ].join(', ');
  return { src: heroImagePath(brand.short, 'xl'), srcSet, sizes, ...resolution.xl };
}

/** The brand's hero: picture, texts from the brand config and the keyword search. */
export function Hero({ title, subtitle }: { title: string; subtitle: string }) {
  const { brand } = useShop();
  const t = useT();
  const image = heroSources(brand);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <img
        className="hero-image"
        src={image.src}
        srcSet={image.srcSet}
        sizes={image.sizes}
        width={image.width}
        height={image.height}
        alt=""
        fetchPriority="high"
      />
      <div className="container hero-content">
        <h1 id="hero-title">{title}</h1>
        <p className="hero-subtitle">{subtitle}</p>
        <Form method="get" action="/urlaub-finden" className="hero-search" role="search">
          <label htmlFor="hero-q" className="visually-hidden">
            {t('home.searchLabel')}
          </label>
          <input id="hero-q" name="q" type="search" placeholder={t('home.searchLabel')} maxLength={200} />
          <button type="submit" className="button">
            <SearchIcon />
            <span>{t('home.searchButton')}</span>
          </button>
        </Form>
      </div>
    </section>
  );
}
