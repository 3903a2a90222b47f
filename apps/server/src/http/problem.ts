import type { Locale } from '@shop/contracts/locale';
import type { ProblemType } from '@shop/contracts/problem';

/**
 * An expected failure that the API answers with problem+json (RFC 9457). Thrown at the HTTP edge;
 * services return outcomes and routes turn the unhappy ones into these.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly type: ProblemType,
    readonly detail?: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(detail ?? type);
  }
}

/** A missing record; the detail names what was asked for, never whether something else exists. */
export function notFound(detail: string): HttpProblem {
  return new HttpProblem(404, 'not-found', detail);
}

export const problemTitles: Record<ProblemType, Record<Locale, string>> = {
  'validation-error': {
    de: 'Bitte überprüfen Sie Ihre Eingaben.',
    en: 'Please check your entries.',
    it: 'Si prega di controllare i dati inseriti.',
  },
  'not-found': {
    de: 'Nicht gefunden.',
    en: 'Not found.',
    it: 'Non trovato.',
  },
  'method-not-allowed': {
    de: 'Diese Methode ist hier nicht erlaubt.',
    en: 'This method is not allowed here.',
    it: 'Questo metodo non è consentito qui.',
  },
  'unsupported-media-type': {
    de: 'Dieses Format wird nicht unterstützt; bitte JSON senden.',
    en: 'This format is not supported; please send JSON.',
    it: 'Questo formato non è supportato; si prega di inviare JSON.',
  },
  'payload-too-large': {
    de: 'Die Anfrage ist zu groß.',
    en: 'The request is too large.',
    it: 'La richiesta è troppo grande.',
  },
  'too-many-requests': {
    de: 'Zu viele Anfragen, bitte versuchen Sie es gleich noch einmal.',
    en: 'Too many requests, please try again in a moment.',
    it: 'Troppe richieste, si prega di riprovare tra poco.',
  },
  'service-unavailable': {
    de: 'Der Dienst ist vorübergehend nicht erreichbar, bitte versuchen Sie es später noch einmal.',
    en: 'The service is temporarily unavailable, please try again later.',
    it: 'Il servizio non è momentaneamente disponibile, si prega di riprovare più tardi.',
  },
  'internal-error': {
    de: 'Es ist ein unerwarteter Fehler aufgetreten, bitte versuchen Sie es erneut.',
    en: 'An unexpected error occurred, please try again.',
    it: 'Si è verificato un errore inaspettato, si prega di riprovare.',
  },
};
