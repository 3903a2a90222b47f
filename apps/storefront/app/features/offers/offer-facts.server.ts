import type { Offer, OfferData, OfferTerms } from '@shop/contracts/catalogue';
import type { MessageKey } from '#app/i18n/de.ts';
import type { Translate } from '#app/i18n/translate.ts';

const weekday = (t: Translate, day: number) => t(`offer.weekday.${day}` as MessageKey);

/** "a, b und c" in the page's language. */
function listText(t: Translate, items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${t('offer.and')} ${items.at(-1)}`;
}

/**
 * The arrival days as people say them: "any day of the week", "Sunday to Thursday" (one run of three
 * or more days, across the week's end too), else "only on Friday and Saturday".
 */
function arrivalDaysText(t: Translate, days: readonly number[]): string {
  if (days.length === 0 || days.length === 7) return t('offer.arrivalAny');
  const chosen = new Set(days);
  const starts = days.filter((day) => !chosen.has(day === 1 ? 7 : day - 1));
  const [start] = starts;
  if (starts.length === 1 && start !== undefined && days.length >= 3) {
    const end = ((start - 1 + days.length - 1) % 7) + 1;
    return t('offer.arrivalRange', { from: weekday(t, start), to: weekday(t, end) });
  }
  const ordered = [...days].sort((a, b) => a - b);
  return t('offer.arrivalList', {
    days: listText(
      t,
      ordered.map((day) => weekday(t, day)),
    ),
  });
}

/** The children policy as one sentence and the price bands (empty when there are none to show). */
function childrenText(t: Translate, children: OfferTerms['children']): { text: string; bands: string[] } {
  if (!children) return { text: t('offer.childrenUnknown'), bands: [] };
  if (!children.isAllowed) return { text: t('offer.childrenNotAllowed'), bands: [] };
  const welcome = t('offer.childrenWelcome');
  const text =
    children.minimumAge === null
      ? welcome
      : `${t('offer.childrenMinAge', { age: children.minimumAge })} ${welcome}`;
  const bands = children.bands.map((band) =>
    t('offer.childrenBand', {
      from: band.fromAge,
      to: band.toAge,
      price:
        band.pricePercent === 0
          ? t('offer.childrenFree')
          : t('offer.childrenPercent', { percent: band.pricePercent }),
    }),
  );
  return { text, bands };
}

function petsText(t: Translate, pets: OfferTerms['pets']): string {
  if (!pets) return t('offer.childrenUnknown');
  const price = pets.feePerNight?.display ?? '';
  if (pets.policy === 'not-allowed') return t('offer.petsNotAllowed');
  if (pets.policy === 'on-request') return t('offer.petsOnRequest', { price });
  return pets.feePerNight ? t('offer.petsAllowedFee', { price }) : t('offer.petsAllowed');
}

function stayText(t: Translate, minStayNights: number | null): string {
  return minStayNights === null
    ? t('offer.minStayWhole')
    : t('offer.minStaySplit', { nights: minStayNights });
}

/** "2 × Green fee, per person", "Access to the spa area, daily". */
function inclusionText(t: Translate, inclusion: OfferTerms['inclusions'][number]): string {
  const quantity = inclusion.quantity > 1 ? `${inclusion.quantity} × ` : '';
  return `${quantity}${inclusion.label}, ${t(`offer.per.${inclusion.per}` as MessageKey)}`;
}

/**
 * The offer's terms and FAQ as sentences in the page's language, written on the server: the page
 * shows them as they are, so their wording code stays out of the browser's first view.
 */
export function presentOfferFacts(t: Translate, offer: Offer, details: OfferData) {
  const { terms } = details;
  const children = childrenText(t, terms.children);
  const included = terms.inclusions.map((inclusion) => inclusionText(t, inclusion));
  const blackouts = terms.blackoutPeriods.map((period) => ({
    dates: period.display,
    reason: t(`offer.blackout.${period.reason}`),
  }));
  const facts = {
    included,
    arrival: arrivalDaysText(t, terms.arrivalDays),
    stay: stayText(t, terms.minStayNights),
    children,
    pets: petsText(t, terms.pets),
    blackouts,
  };
  const faq: { key: string; question: string; answer: string }[] = [
    {
      key: 'included',
      question: t('offer.faq.included.q'),
      answer: [t('offer.includedNights'), ...(details.board ? [details.board.short] : []), ...included].join(
        '; ',
      ),
    },
    {
      key: 'arrival',
      question: t('offer.faq.arrival.q'),
      answer: t('offer.faq.arrival.a', { days: facts.arrival }),
    },
    {
      key: 'children',
      question: t('offer.faq.children.q'),
      answer: [children.text, ...children.bands].join(' '),
    },
    { key: 'pets', question: t('offer.faq.pets.q'), answer: facts.pets },
    {
      key: 'blackouts',
      question: t('offer.faq.blackouts.q'),
      answer:
        blackouts.length === 0
          ? t('offer.blackoutsNone')
          : blackouts.map((period) => `${period.dates} (${period.reason})`).join('; '),
    },
    { key: 'book', question: t('offer.faq.book.q'), answer: t('offer.faq.book.a') },
    {
      key: 'validity',
      question: t('offer.faq.validity.q'),
      answer: t('offer.validity', { years: offer.validityYears }),
    },
    { key: 'gift', question: t('offer.faq.gift.q'), answer: t('offer.faq.gift.a') },
    { key: 'withdrawal', question: t('offer.faq.withdrawal.q'), answer: t('offer.faq.withdrawal.a') },
  ];
  return { ...facts, faq };
}
export type OfferFacts = ReturnType<typeof presentOfferFacts>;
