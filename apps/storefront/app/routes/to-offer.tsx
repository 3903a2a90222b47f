import type { Offer } from '@shop/contracts/catalogue';
import { redirect } from 'react-router';
import { fetchOrThrow, notFound } from '#app/lib/api.server.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';

/** /to/:id — short links (newsletters, partners) to an offer. */
export async function loader({ context: { shop }, params }: LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id ?? '')) notFound();
  const offer = await fetchOrThrow<Offer>(shop, `/api/offer?id=${params.id}`);
  return redirect(`/urlaub/${offer.contact.slug}/${offer.slug}`);
}
