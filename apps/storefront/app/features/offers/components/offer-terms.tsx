import type { OfferData } from '@shop/contracts/catalogue';
import { useT } from '#app/lib/shop-data.ts';
import { CheckIcon } from '#app/ui/icons.tsx';
import { arrivalDaysText, childrenText, inclusionText, petsText, stayText } from '../offer-terms-text.ts';
import { BoardText } from './board-text.tsx';

/** What the price includes: the nights, the board, and the offer's extras. */
export function OfferIncluded({ details }: { details: OfferData }) {
  const t = useT();
  return (
    <section className="offer-facts offer-included" aria-labelledby="included-heading">
      <h2 id="included-heading">{t('offer.included')}</h2>
      <ul className="included-list">
        <li>
          <CheckIcon />
          {t('offer.includedNights')}
        </li>
        {details.board ? (
          <li>
            <CheckIcon />
            <div>
              <span className="visually-hidden">{t('offer.board')}: </span>
              <BoardText short={details.board.short} name={details.board.name} />
            </div>
          </li>
        ) : null}
        {details.terms.inclusions.map((inclusion) => (
          <li key={inclusion.code}>
            <CheckIcon />
            {inclusionText(t, inclusion)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Arrival days, length of stay, children, pets and blackout periods, as a list of terms. */
export function OfferTerms({ terms }: { terms: OfferData['terms'] }) {
  const t = useT();
  const children = childrenText(t, terms.children);
  return (
    <section className="offer-facts offer-terms" aria-labelledby="terms-heading">
      <h2 id="terms-heading">{t('offer.terms')}</h2>
      <dl className="terms-list">
        <div>
          <dt>{t('offer.arrival')}</dt>
          <dd>{arrivalDaysText(t, terms.arrivalDays)}</dd>
        </div>
        <div>
          <dt>{t('offer.minStay')}</dt>
          <dd>{stayText(t, terms.minStayNights)}</dd>
        </div>
        <div>
          <dt>{t('offer.children')}</dt>
          <dd>
            {children.text}
            {children.bands.length > 0 ? (
              <ul>
                {children.bands.map((band) => (
                  <li key={band}>{band}</li>
                ))}
              </ul>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>{t('offer.pets')}</dt>
          <dd>{petsText(t, terms.pets)}</dd>
        </div>
        <div>
          <dt>{t('offer.blackouts')}</dt>
          <dd>
            {terms.blackoutPeriods.length === 0 ? (
              t('offer.blackoutsNone')
            ) : (
              <ul className="blackout-list">
                {terms.blackoutPeriods.map((period) => (
                  <li key={period.from}>
                    <span className="nowrap">{period.display}</span>{' '}
                    <span className="muted">({t(`offer.blackout.${period.reason}`)})</span>
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
