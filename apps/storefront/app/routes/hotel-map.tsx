import { useLoaderData } from 'react-router';
import { HotelList } from '#app/features/hotels/components/hotel-list.tsx';
import { HotelMap } from '#app/features/hotels/components/hotel-map.tsx';
import { loadHotelMap } from '#app/features/hotels/hotel-map.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';
import { useT } from '#app/lib/shop-data.ts';

/** /urlaub/karte — every hotel with offers on an interactive map and, below it, as a list by country. */
export async function loader({ context: { shop } }: LoaderArgs) {
  return loadHotelMap(shop);
}

export const meta = pageMeta;

export default function HotelMapRoute() {
  const { hotels, countries, hotelCount } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="container page">
      <h1>{t('map.title')}</h1>
      <p>{t('map.intro', { count: hotelCount })}</p>
      <HotelMap hotels={hotels} listId="hotel-list" />
      <HotelList countries={countries} id="hotel-list" />
    </div>
  );
}
