import type { Hotel, OfferSummary } from '@shop/contracts/catalogue';
import type { Crumb } from '#app/lib/meta.ts';
import { useT } from '#app/lib/shop-data.ts';
import { Breadcrumbs } from '#app/ui/breadcrumbs.tsx';
import { CheckIcon } from '#app/ui/icons.tsx';
import { srcSetFor } from '#app/ui/image.ts';
import { OfferGrid } from '#app/ui/offer-card.tsx';
import { Stars } from '#app/ui/stars.tsx';

type HotelOverviewProps = { hotel: Hotel; offers: OfferSummary[]; breadcrumbs: Crumb[] };

export function HotelOverview({ hotel, offers, breadcrumbs }: HotelOverviewProps) {
  const t = useT();
  const image = hotel.images[0] ?? hotel.image;
  const { address } = hotel;
  return (
    <article className="container page hotel-overview">
      <Breadcrumbs trail={breadcrumbs} />
      <header className="offer-head">
        <p className="offer-place">
          {hotel.stars ? <Stars count={hotel.stars} /> : null}
          {address.city}
          {address.region ? `, ${address.region}` : ''}, {address.country.name}
        </p>
        <h1>{hotel.name}</h1>
      </header>
      <div className="hotel-intro">
        {image ? (
          <img
            src={image.url}
            srcSet={srcSetFor(image.url)}
            sizes="(min-width: 1024px) 50vw, 100vw"
            width={1280}
            height={853}
            alt={image.alt}
            fetchPriority="high"
          />
        ) : null}
        <div>
          <p>{hotel.description}</p>
          <h2>{t('hotel.address')}</h2>
          <address>
            {address.street} {address.houseNumber}
            <br />
            {address.postcode} {address.city}
            <br />
            {address.country.name}
          </address>
          {hotel.features.length > 0 ? (
            <>
              <h2>{t('offer.features')}</h2>
              <ul className="feature-list">
                {hotel.features.map((feature) => (
                  <li key={feature.code}>
                    <CheckIcon />
                    {feature.label}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </div>
      <section aria-labelledby="hotel-offers-heading">
        <h2 id="hotel-offers-heading">{t('hotel.offers')}</h2>
        <OfferGrid offers={offers} listName="hotel offers" />
      </section>
    </article>
  );
}
