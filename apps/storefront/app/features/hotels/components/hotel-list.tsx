import { hotelPath } from '@shop/contracts/site-paths';
import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import type { MapHotel } from '../hotel-map.server.ts';
import { hotelTarget } from './hotel-map.tsx';

type CountryGroup = { iso: string; name: string; hotels: MapHotel[] };

/** The map's hotels as a list by country: the same hotels and price links as the pins, for every visitor. */
export function HotelList({ countries, id }: { countries: CountryGroup[]; id: string }) {
  const t = useT();
  return (
    <section className="hotel-directory" id={id} tabIndex={-1} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('map.listHeading')}</h2>
      <div className="hotel-directory-countries">
        {countries.map((country) => (
          <section key={country.iso} aria-labelledby={`${id}-${country.iso}`}>
            <h3 id={`${id}-${country.iso}`}>{country.name}</h3>
            <ul className="hotel-list">
              {country.hotels.map((hotel) => (
                <li key={hotel.id}>
                  <Link to={hotelPath(hotel.slug)}>{hotel.name}</Link>
                  <span className="muted">
                    {' '}
                    · {hotel.city} ·{' '}
                    {hotel.offerCount === 1 ? t('map.offer') : t('map.offers', { count: hotel.offerCount })}
                  </span>
                  {hotel.cheapest ? (
                    <>
                      <span className="muted"> · </span>
                      <Link to={hotelTarget(hotel)}>
                        {t('offer.from')} {hotel.cheapest.price}
                        <span className="visually-hidden">
                          , {t('map.cheapest')}: {hotel.name}
                        </span>
                      </Link>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
