import type { Offer, OfferData } from '@shop/contracts/catalogue';
import { hotelPath } from '@shop/contracts/site-paths';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { OfferLocationMap } from '#app/features/hotels/components/offer-location-map.tsx';
import { ReminderForm } from '#app/features/reminders/components/reminder-form.tsx';
import { toEuros, trackEcommerce } from '#app/lib/analytics.ts';
import type { Crumb } from '#app/lib/meta.ts';
import { useT } from '#app/lib/shop-data.ts';
import { Breadcrumbs } from '#app/ui/breadcrumbs.tsx';
import { CheckIcon } from '#app/ui/icons.tsx';
import { srcSetFor } from '#app/ui/image.ts';
import { Markdown } from '#app/ui/markdown.tsx';
import { InsteadPrice } from '#app/ui/price.tsx';
import { Stars } from '#app/ui/stars.tsx';
import { AddToCartButton } from './add-to-cart.tsx';
import { VariantTable } from './variant-table.tsx';

/**
 * The board's short form once, its name only where it adds something: "All inclusive" with the name
 * "All inclusive: alle Mahlzeiten …" reads "**All inclusive**: alle Mahlzeiten …", not both in full.
 */
export function BoardText({ short, name }: { short: string; name: string }) {
  const shortText = short.trim();
  const nameText = name.trim();
  if (!nameText || nameText.toLowerCase() === shortText.toLowerCase()) {
    return (
      <p>
        <strong>{shortText}</strong>
      </p>
    );
  }
  const rest = nameText.slice(shortText.length);
  if (nameText.toLowerCase().startsWith(shortText.toLowerCase()) && /^[\s:,;.–-]/.test(rest)) {
    return (
      <p>
        <strong>{nameText.slice(0, shortText.length)}</strong>
        {rest}
      </p>
    );
  }
  return (
    <p>
      <strong>{shortText}</strong> – {nameText}
    </p>
  );
}

type OfferDetailProps = { offer: Offer; details: OfferData; breadcrumbs: Crumb[] };

/** The variant chosen at first: the cheapest one on sale (the "from" price above the table). */
function firstChoice(offer: Offer): number | null {
  const onSale = offer.variants.filter((variant) => !variant.isSoldOut);
  onSale.sort((a, b) => a.price.total - b.price.total);
  return onSale[0]?.id ?? null;
}

export function OfferDetail({ offer, details, breadcrumbs }: OfferDetailProps) {
  const t = useT();
  const [variantId, setVariantId] = useState(() => firstChoice(offer));
  // A client navigation to another offer reuses this component: start from that offer's choice.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per offer, not per loader answer
  useEffect(() => {
    setVariantId(firstChoice(offer));
    trackEcommerce('view_item', {
      value: toEuros(offer.price.total),
      items: [{ item_id: String(offer.id), item_name: offer.title, price: toEuros(offer.price.total) }],
    });
  }, [offer.id]);
  const [first, ...more] = offer.images.length > 0 ? offer.images : offer.image ? [offer.image] : [];
  const hotel = details.hotel;
  return (
    <article className="container page offer-detail">
      <Breadcrumbs trail={breadcrumbs} />
      <header className="offer-head">
        <p className="offer-place">
          <Link to={hotelPath(hotel.slug)}>{hotel.name}</Link>{' '}
          {hotel.stars ? <Stars count={hotel.stars} /> : null}
          {' · '}
          {hotel.address.city}, {hotel.address.country.name}
        </p>
        <h1>{offer.title}</h1>
        <p className="offer-subtitle">{offer.subtitle}</p>
      </header>

      <div className="offer-layout">
        <aside className="offer-buy" aria-labelledby="buy-heading">
          <h2 id="buy-heading">{t('offer.variants')}</h2>
          <p className="offer-price">
            <span className="price-from">{t('offer.from')}</span> <strong>{offer.price.display}</strong>{' '}
            <InsteadPrice price={offer.price.original.display} />
          </p>
          <p className="offer-saving">{t('offer.savePercent', { percent: offer.price.discountPercent })}</p>
          <VariantTable
            variants={offer.variants}
            selection={{ selectedId: variantId, onSelect: setVariantId }}
          />
          {offer.isSoldOut ? (
            <div className="sold-out-box">
              <p role="status">
                <strong>{t('offer.soldOutText')}</strong>
              </p>
              <ReminderForm key={offer.id} offerId={offer.id} />
            </div>
          ) : (
            <AddToCartButton variantId={variantId} />
          )}
          <p className="muted small">
            {t('offer.validity', { years: offer.validityYears })}{' '}
            {t('offer.vendor', { vendor: offer.vendor.name })}
          </p>
        </aside>
        {first ? (
          <section className="gallery" aria-label={t('offer.gallery')}>
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
            {more.length > 0 ? (
              <ul className="gallery-thumbs">
                {more.map((image, index) => (
                  <li key={image.url}>
                    <img
                      src={image.url}
                      srcSet={srcSetFor(image.url)}
                      sizes="(min-width: 1024px) 20vw, 50vw"
                      width={640}
                      height={427}
                      alt={`${image.alt} – ${t('offer.image', { index: index + 2, count: more.length + 1 })}`}
                      loading="lazy"
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}
        <div className="offer-info">
          <section className="offer-texts" aria-labelledby="offer-details-heading">
            <h2 id="offer-details-heading" className="visually-hidden">
              {t('offer.details')}
            </h2>
            {details.texts.map((text) => (
              <div key={`${text.position}-${text.title}`} className="offer-text">
                <h3>{text.title}</h3>
                <Markdown text={text.body} headingLevel={3} />
              </div>
            ))}
          </section>

          {details.board ? (
            <section className="offer-facts" aria-labelledby="board-heading">
              <h2 id="board-heading">{t('offer.board')}</h2>
              <BoardText short={details.board.short} name={details.board.name} />
            </section>
          ) : null}

          {details.features.length > 0 ? (
            <section className="offer-facts" aria-labelledby="features-heading">
              <h2 id="features-heading">{t('offer.features')}</h2>
              <ul className="feature-list">
                {details.features.map((feature) => (
                  <li key={feature.code} data-icon={feature.icon}>
                    <CheckIcon />
                    {feature.label}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section className="offer-facts" aria-labelledby="hotel-heading">
            <h2 id="hotel-heading">{t('offer.hotel')}</h2>
            <p>{hotel.description}</p>
            <p>
              {hotel.address.street} {hotel.address.houseNumber}, {hotel.address.postcode}{' '}
              {hotel.address.city}
              {hotel.address.region ? ` (${hotel.address.region})` : ''}, {hotel.address.country.name}
            </p>
            <OfferLocationMap hotel={hotel} />
            <p>
              <Link to={hotelPath(hotel.slug)}>{t('offer.allHotelOffers')}</Link>
            </p>
          </section>
        </div>
      </div>
    </article>
  );
}
