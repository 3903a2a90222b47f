import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import type { OfferFacts } from '../offer-facts.server.ts';

/**
 * The questions buyers ask before buying, answered from the offer's data first, then the shop's general
 * ones (worded by the loader). Native disclosure widgets: they open by keyboard and before the client
 * has started.
 */
export function OfferFaq({ faq, termsPath }: { faq: OfferFacts['faq']; termsPath: string }) {
  const t = useT();
  return (
    <section className="offer-facts offer-faq" aria-labelledby="faq-heading">
      <h2 id="faq-heading">{t('offer.faq')}</h2>
      {faq.map(({ key, question, answer }) => (
        <details key={key} className="faq-item">
          <summary>{question}</summary>
          <p>
            {answer}
            {key === 'withdrawal' ? (
              <>
                {' '}
                <Link to={termsPath}>{t('offer.withdrawalLink')}</Link>
              </>
            ) : null}
          </p>
        </details>
      ))}
    </section>
  );
}
