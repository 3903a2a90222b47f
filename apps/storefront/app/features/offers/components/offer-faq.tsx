import type { Offer, OfferData } from '@shop/contracts/catalogue';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import { arrivalDaysText, childrenText, inclusionText, petsText } from '../offer-terms-text.ts';

type Props = { offer: Offer; details: OfferData; termsPath: string };

/**
 * The questions buyers ask before buying, answered from the offer's data first, then the shop's general
 * ones. Native disclosure widgets: they open by keyboard and before the client has started.
 */
export function OfferFaq({ offer, details, termsPath }: Props) {
  const t = useT();
  const { terms } = details;
  const children = childrenText(t, terms.children);
  const included = [
    ...(details.board ? [details.board.short] : []),
    ...terms.inclusions.map((inclusion) => inclusionText(t, inclusion)),
  ];
  const questions: { key: string; question: string; answer: ReactNode }[] = [
    {
      key: 'included',
      question: t('offer.faq.included.q'),
      answer: [t('offer.includedNights'), ...included].join('; '),
    },
    {
      key: 'arrival',
      question: t('offer.faq.arrival.q'),
      answer: t('offer.faq.arrival.a', { days: arrivalDaysText(t, terms.arrivalDays) }),
    },
    {
      key: 'children',
      question: t('offer.faq.children.q'),
      answer: [children.text, ...children.bands].join(' '),
    },
    { key: 'pets', question: t('offer.faq.pets.q'), answer: petsText(t, terms.pets) },
    {
      key: 'blackouts',
      question: t('offer.faq.blackouts.q'),
      answer:
        terms.blackoutPeriods.length === 0
          ? t('offer.blackoutsNone')
          : terms.blackoutPeriods
              .map((period) => `${period.display} (${t(`offer.blackout.${period.reason}`)})`)
              .join('; '),
    },
    { key: 'book', question: t('offer.faq.book.q'), answer: t('offer.faq.book.a') },
    {
      key: 'validity',
      question: t('offer.faq.validity.q'),
      answer: t('offer.validity', { years: offer.validityYears }),
    },
    { key: 'gift', question: t('offer.faq.gift.q'), answer: t('offer.faq.gift.a') },
    {
      key: 'withdrawal',
      question: t('offer.faq.withdrawal.q'),
      answer: (
        <>
          {t('offer.faq.withdrawal.a')} <Link to={termsPath}>{t('offer.withdrawalLink')}</Link>
        </>
      ),
    },
  ];
  return (
    <section className="offer-facts offer-faq" aria-labelledby="faq-heading">
      <h2 id="faq-heading">{t('offer.faq')}</h2>
      {questions.map(({ key, question, answer }) => (
        <details key={key} className="faq-item">
          <summary>{question}</summary>
          <p>{answer}</p>
        </details>
      ))}
    </section>
  );
}
