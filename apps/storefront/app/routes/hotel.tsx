import { useLoaderData } from 'react-router';
import { HotelOverview } from '#app/features/hotels/components/hotel-overview.tsx';
import { loadHotel } from '#app/features/hotels/hotels.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';

/** /urlaub/:contact — the hotel and its offers. */
export async function loader({ context: { shop }, params }: LoaderArgs) {
  return loadHotel(shop, params.contact ?? '');
}

export const meta = pageMeta;

export default function HotelRoute() {
  const { hotel, offers, breadcrumbs } = useLoaderData<typeof loader>();
  return <HotelOverview hotel={hotel} offers={offers} breadcrumbs={breadcrumbs} />;
}
