import type { OfferSummary } from '@shop/contracts/catalogue';
import type { ReactNode } from 'react';
import { OfferGrid } from '#app/ui/offer-card.tsx';

/** A headed list of offers that leads on: similar offers, what the hotel or destination has now. */
export function OfferSection({
  id,
  heading,
  offers,
  listName,
}: {
  id: string;
  heading: ReactNode;
  offers: OfferSummary[];
  listName: string;
}) {
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <OfferGrid offers={offers} listName={listName} />
    </section>
  );
}
