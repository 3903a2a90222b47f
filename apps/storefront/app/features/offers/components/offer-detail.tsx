import type { Offer, OfferData, OfferSummary } from '@shop/contracts/catalogue';
import { hotelPath } from '@shop/contracts/site-paths';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { loadChunk } from '#app/features/app-update/chunk-load.ts';
import { toEuros, trackEcommerce } from '#app/lib/analytics.ts';
import type { Crumb } from '#app/lib/meta.ts';
import { useT } from '#app/lib/shop-data.ts';
import { Breadcrumbs } from '#app/ui/breadcrumbs.tsx';
import { CheckIcon } from '#app/ui/icons.tsx';
import { Markdown } from '#app/ui/markdown.tsx';
import { OfferSection } from '#app/ui/offer-card.tsx';
import { Stars } from '#app/ui/stars.tsx';
import type { OfferFacts } from '../offer-facts.server.ts';
import { AddToCartButton } from './add-to-cart.tsx';
import { OfferBuyBar } from './offer-buy-bar.tsx';
import { OfferFaq } from './offer-faq.tsx';
import { OfferGallery } from './offer-gallery.tsx';
import { OfferLocation } from './offer-location.tsx';
import { OfferPriceBlock, WithdrawalNote } from './offer-price-block.tsx';
import { OfferIncluded, OfferTerms } from './offer-terms.tsx';
import { VariantTable } from './variant-table.tsx';

type OfferDetailProps = {
  offer: Offer;
  details: OfferData;
  breadcrumbs: Crumb[];
  /** Offers on sale like this one (same destination and theme). */
  similar: OfferSummary[];
  /** The hotel's other offers in stock, when this one is sold out. */
  hotelOffers: OfferSummary[];
  /** The brand's terms page, which states the right of withdrawal. */
  termsPath: string;
  /** The terms and FAQ in words (offer-facts.server.ts). */
  facts: OfferFacts;
};

/** The back-in-stock form, only on sold-out offers: its own chunk, out of the other offers' first view. */
const loadReminderForm = () =>
  loadChunk(() => import('#app/features/reminders/components/reminder-form.tsx'));
const ReminderForm = lazy(() => loadReminderForm().then((module) => ({ default: module.ReminderForm })));
// A page rendered sold out fetches the form's code as this module starts, before hydration reaches
// the form: typed into and sent early, it must already be React's.
if (typeof document !== 'undefined' && document.querySelector('.reminder-form')) {
  void loadReminderForm().catch(() => {});
}

/** The variant chosen at first: the cheapest one on sale (the "from" price above the table). */
function firstChoice(offer: Offer): number | null {
  const onSale = offer.variants.filter((variant) => !variant.isSoldOut);
  onSale.sort((a, b) => a.price.total - b.price.total);
  return onSale[0]?.id ?? null;
}

export function OfferDetail({
  offer,
  details,
  facts,
  breadcrumbs,
  similar,
  hotelOffers,
  termsPath,
}: OfferDetailProps) {
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
  const images = offer.images.length > 0 ? offer.images : offer.image ? [offer.image] : [];
  const selected = offer.variants.find((variant) => variant.id === variantId);
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

      {/* Pictures first in the document: on a phone they come before the buy box. */}
      <div className="offer-layout">
        <OfferGallery images={images} />
        <aside className="offer-buy" aria-labelledby="buy-heading">
          <h2 id="buy-heading">{t('offer.variants')}</h2>
          <OfferPriceBlock offer={offer} selected={selected} />
          <VariantTable
            variants={offer.variants}
            selection={{ selectedId: variantId, onSelect: setVariantId }}
          />
          {offer.isSoldOut ? (
            <div className="sold-out-box">
              <p role="status">
                <strong>{t('offer.soldOutText')}</strong>
              </p>
              <Suspense fallback={null}>
                <ReminderForm key={offer.id} offerId={offer.id} />
              </Suspense>
              {hotelOffers.length > 0 || similar.length > 0 ? (
                <p>
                  <a className="button secondary" href="#alternatives">
                    {t('offer.seeAlternatives')}
                  </a>
                </p>
              ) : null}
            </div>
          ) : (
            <div className="offer-buy-action">
              <AddToCartButton variantId={variantId} />
            </div>
          )}
          <WithdrawalNote termsPath={termsPath} />
          <p className="muted small">
            {t('offer.validity', { years: offer.validityYears })}{' '}
            {t('offer.vendor', { vendor: offer.vendor.name })}
          </p>
        </aside>
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

          <OfferIncluded board={details.board} facts={facts} />
          <OfferTerms facts={facts} />

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
              <Link to={hotelPath(hotel.slug)}>{t('offer.allHotelOffers')}</Link>
            </p>
          </section>
          <OfferLocation hotel={hotel} />
          <OfferFaq faq={facts.faq} termsPath={termsPath} />
        </div>
      </div>

      {hotelOffers.length > 0 || similar.length > 0 ? (
        <div id="alternatives" className="offer-alternatives" tabIndex={-1}>
          <OfferSection
            id="hotel-alternatives-heading"
            heading={t('offer.hotelAlternatives')}
            offers={hotelOffers}
            listName="sold out: hotel"
          />
          <OfferSection
            id="similar-heading"
            heading={t('offer.similar')}
            offers={similar}
            listName="similar offers"
          />
        </div>
      ) : null}
      {/* The whole article is the bar's room: inside the layout it could not rise above the layout's top,
          and under a long title on a phone it stood partly behind the cookie banner. */}
      {offer.isSoldOut ? null : <OfferBuyBar selected={selected} />}
    </article>
  );
}
