import type { OfferData } from '@shop/contracts/catalogue';
import { useT } from '#app/lib/shop-data.ts';
import { CheckIcon } from '#app/ui/icons.tsx';
import type { OfferFacts } from '../offer-facts.server.ts';
import { BoardText } from './board-text.tsx';

/** What the price includes: the nights, the board, and the offer's extras. */
export function OfferIncluded({ board, facts }: { board: OfferData['board']; facts: OfferFacts }) {
  const t = useT();
  return (
    <section className="offer-facts offer-included" aria-labelledby="included-heading">
      <h2 id="included-heading">{t('offer.included')}</h2>
      <ul className="included-list">
        <li>
          <CheckIcon />
          {t('offer.includedNights')}
        </li>
        {board ? (
          <li>
            <CheckIcon />
            <div>
              <span className="visually-hidden">{t('offer.board')}: </span>
              <BoardText short={board.short} name={board.name} />
            </div>
          </li>
        ) : null}
        {facts.included.map((inclusion) => (
          <li key={inclusion}>
            <CheckIcon />
            {inclusion}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Arrival days, length of stay, children, pets and blackout periods, as a list of terms. */
export function OfferTerms({ facts }: { facts: OfferFacts }) {
  const t = useT();
  return (
    <section className="offer-facts offer-terms" aria-labelledby="terms-heading">
      <h2 id="terms-heading">{t('offer.terms')}</h2>
      <dl className="terms-list">
        <div>
          <dt>{t('offer.arrival')}</dt>
          <dd>{facts.arrival}</dd>
        </div>
        <div>
          <dt>{t('offer.minStay')}</dt>
          <dd>{facts.stay}</dd>
        </div>
        <div>
          <dt>{t('offer.children')}</dt>
          <dd>
            {facts.children.text}
            {facts.children.bands.length > 0 ? (
              <ul>
                {facts.children.bands.map((band) => (
                  <li key={band}>{band}</li>
                ))}
              </ul>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('offer.pets')}</dt>
          <dd>{facts.pets}</dd>
        </div>
        <div>
          <dt>{t('offer.blackouts')}</dt>
          <dd>
            {facts.blackouts.length === 0 ? (
              t('offer.blackoutsNone')
            ) : (
              <ul className="blackout-list">
                {facts.blackouts.map((period) => (
                  <li key={period.dates}>
                    <span className="nowrap">{period.dates}</span>{' '}
                    <span className="muted">({period.reason})</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
