import { lazy, Suspense } from 'react';
import {
  isRouteErrorResponse,
  type MetaFunction,
  redirect,
  useLoaderData,
  useRouteError,
} from 'react-router';
import { loadChunk } from '#app/features/app-update/chunk-load.ts';
import { OfferDetail } from '#app/features/offers/components/offer-detail.tsx';
import type { OfferMissing } from '#app/features/offers/components/offer-missing.tsx';
import { loadOffer } from '#app/features/offers/offer.server.ts';
import { type PageMeta, pageMeta } from '#app/lib/meta.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';

/** /urlaub/:contact/:slug — a wrong hotel segment redirects to the offer's own address. */
export async function loader({ context: { shop }, params }: LoaderArgs) {
  const data = await loadOffer(shop, params.contact ?? '', params.slug ?? '');
  if (data.offer.contact.slug !== params.contact) {
    throw redirect(`/urlaub/${data.offer.contact.slug}/${data.offer.slug}`, 301);
  }
  return data;
}

/** The offer's own meta; an offer gone (410) or never there (404) is titled so and kept out of indexes. */
export const meta: MetaFunction = ({ loaderData, error }) => {
  if (!error) return pageMeta({ loaderData: loaderData as { meta: PageMeta } | undefined });
  const missing = isRouteErrorResponse(error) ? (error.data as OfferMissing | null) : null;
  const title = missing?.kind === 'gone' ? missing.gone.title : 'Oops – 404';
  return [{ title }, { name: 'robots', content: 'noindex' }];
};

export default function OfferRoute() {
  const { offer, details, facts, breadcrumbs, similar, hotelOffers, termsPath } =
    useLoaderData<typeof loader>();
  return (
    <OfferDetail
      offer={offer}
      details={details}
      facts={facts}
      breadcrumbs={breadcrumbs}
      similar={similar}
      hotelOffers={hotelOffers}
      termsPath={termsPath}
    />
  );
}

/** Only gone and unknown offers show it: its own chunk, out of every offer page's first view. */
const OfferMissingScreen = lazy(() =>
  loadChunk(() => import('#app/features/offers/components/offer-missing.tsx')).then((module) => ({
    default: module.OfferMissingScreen,
  })),
);

/** 410 and 404 show the ways on; anything else goes up to the root's error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) ? (error.data as OfferMissing | null) : null;
  if (!missing) throw error;
  return (
    <Suspense fallback={null}>
      <OfferMissingScreen missing={missing} />
    </Suspense>
  );
}
