import type { Offer, OfferGone } from '@shop/contracts/catalogue';
import { offerPath } from '@shop/contracts/site-paths';
import { redirect } from 'react-router';
import { apiFailure, notFound } from '#app/lib/api.server.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';

/**
 * /to/:id — short links (newsletters, partners) to an offer. One no longer sold leads to its own
 * address too, which answers 410 with the ways on.
 */
export async function loader({ context: { shop }, params }: LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id ?? '')) notFound();
  const answer = await shop.api<Offer>(`/api/offer?id=${params.id}`);
  if (answer.ok) return redirect(offerPath(answer.data.contact.slug, answer.data.slug));
  if (answer.status !== 410) throw apiFailure(answer.status);
  const gone = answer.data as OfferGone;
  return redirect(offerPath(gone.hotel.slug, gone.offer.slug));
}
