import type { Locale } from '@shop/contracts/locale';

/** Refusals of the gift-card routes in the staff member's language. */
export const giftCardMessages: Record<
  Locale,
  { validToPast: string; validToNotLater: string; noGiftCards: string; check: string }
> = {
  de: {
    validToPast: 'muss nach dem heutigen Tag liegen',
    validToNotLater: 'muss nach dem bisherigen letzten Tag liegen',
    noGiftCards: 'Diese Marke hat keine Geschenkgutscheine eingeschaltet',
    check: 'Bitte prüfen Sie Ihre Eingaben.',
  },
  en: {
    validToPast: 'must be after today',
    validToNotLater: 'must be after the current last day',
    noGiftCards: 'This brand does not have gift cards switched on',
    check: 'Please check your entries.',
  },
  it: {
    validToPast: 'deve essere successiva a oggi',
    validToNotLater: 'deve essere successiva all’ultimo giorno attuale',
    noGiftCards: 'Questo marchio non ha attivato i buoni regalo',
    check: 'Si prega di controllare i dati inseriti.',
  },
};
