import { redirect, useLoaderData } from 'react-router';
import { OfferDetail } from '#app/features/offers/components/offer-detail.tsx';
import { loadOffer } from '#app/features/offers/offer.server.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';

/** /urlaub/:contact/:slug — a wrong hotel segment redirects to the offer's own address. */
export async function loader({ context: { shop }, params }: LoaderArgs) {
  const data = await loadOffer(shop, params.slug ?? '');
  if (data.offer.contact.slug !== params.contact) {
    throw redirect(`/urlaub/${data.offer.contact.slug}/${data.offer.slug}`, 301);
  }
  return data;
}

export const meta = pageMeta;

export default function OfferRoute() {
  const { offer, details, breadcrumbs } = useLoaderData<typeof loader>();
  return <OfferDetail offer={offer} details={details} breadcrumbs={breadcrumbs} />;
}
