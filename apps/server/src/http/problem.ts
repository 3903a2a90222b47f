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
    readonly code?: number,
    /** Members beyond RFC 9457's (e.g. cart-changed's new `total`); the route's response schema names them. */
    readonly extensions?: Record<string, string | number>,
  ) {
    super(detail ?? type);
  }
}

/** A missing record; the detail names what was asked for, never whether something else exists. */
export function notFound(detail: string): HttpProblem {
  return new HttpProblem(404, 'not-found', detail);
}

export const problemTitles: Record<ProblemType, Record<Locale, string>> = {
  unauthorized: {
    de: 'Bitte melden Sie sich an.',
    en: 'Please sign in.',
    it: 'Si prega di accedere.',
  },
  'invalid-credentials': {
    de: 'E-Mail-Adresse oder Passwort ist nicht korrekt.',
    en: 'The e-mail address or password is not correct.',
    it: 'L’indirizzo e-mail o la password non sono corretti.',
  },
  'totp-required': {
    de: 'Bitte geben Sie den Code aus Ihrer Authenticator-App ein.',
    en: 'Please enter the code from your authenticator app.',
    it: 'Inserisci il codice della tua app di autenticazione.',
  },
  'totp-setup-required': {
    de: 'Bitte richten Sie zuerst die Anmeldung in zwei Schritten ein.',
    en: 'Please set up two-step sign-in first.',
    it: 'Configura prima l’accesso in due passaggi.',
  },
  'edit-conflict': {
    de: 'Inzwischen wurde eine neuere Fassung gespeichert. Bitte laden Sie die Seite neu.',
    en: 'A newer version was saved in the meantime. Please reload the page.',
    it: 'Nel frattempo è stata salvata una versione più recente. Ricarica la pagina.',
  },
  'slug-taken': {
    de: 'Diese Adresse hat schon eine andere Seite dieser Marke und Sprache.',
    en: 'Another page of this brand and language already has this address.',
    it: 'Un’altra pagina di questo marchio e lingua ha già questo indirizzo.',
  },
  'voucher-not-redeemable': {
    de: 'Dieser Gutschein kann nicht eingelöst werden.',
    en: 'This voucher cannot be redeemed.',
    it: 'Questo buono non può essere riscattato.',
  },
  'redemption-final': {
    de: 'Diese Einlösung kann nicht mehr rückgängig gemacht werden.',
    en: 'This redemption can no longer be undone.',
    it: 'Questo riscatto non può più essere annullato.',
  },
  'statement-not-payable': {
    de: 'Diese Abrechnung kann nicht als bezahlt markiert werden.',
    en: 'This statement cannot be marked as paid.',
    it: 'Questo conteggio non può essere segnato come pagato.',
  },
  'idempotency-key-reused': {
    de: 'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet.',
    en: 'This Idempotency-Key was already used for another request.',
    it: 'Questa Idempotency-Key è già stata usata per un’altra richiesta.',
  },
  'export-too-large': {
    de: 'Zu viele Bestellungen für eine Datei.',
    en: 'Too many orders for one file.',
    it: 'Troppi ordini per un file.',
  },
  forbidden: {
    de: 'Diese Anfrage ist nicht erlaubt.',
    en: 'This request is not allowed.',
    it: 'Questa richiesta non è consentita.',
  },
  'invalid-reset-token': {
    de: 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
    en: 'The link is invalid or has expired. Please request a new one.',
    it: 'Il link non è valido o è scaduto. Si prega di richiederne uno nuovo.',
  },
  'voucher-not-paid': {
    de: 'Dieser Gutschein ist noch nicht bezahlt; versichern lässt er sich erst nach Zahlungseingang.',
    en: 'This voucher has not been paid yet; it can be insured once the payment has arrived.',
    it: 'Questo voucher non è ancora stato pagato; potrà essere assicurato dopo il ricevimento del pagamento.',
  },
  'insurance-declined': {
    de: 'Der Versicherer hat den Abschluss leider abgelehnt. Bitte prüfen Sie die Angaben zu den Reisenden.',
    en: 'Unfortunately the insurer declined the policy. Please check the travellers’ details.',
    it: 'Purtroppo l’assicuratore ha rifiutato la polizza. La preghiamo di controllare i dati dei viaggiatori.',
  },
  'order-claimed': {
    de: 'Diese Bestellung gehört bereits zu einem anderen Kundenkonto.',
    en: 'This order already belongs to another account.',
    it: 'Questo ordine appartiene già a un altro account.',
  },
  'invalid-confirmation-link': {
    de: 'Dieser Bestätigungslink ist ungültig, abgelaufen oder schon benutzt, oder er gehört zu einem anderen Kundenkonto. Melden Sie sich mit dem Konto an, an dessen Adresse wir ihn geschickt haben; nach der nächsten Anmeldung schicken wir Ihnen bei Bedarf einen neuen.',
    en: 'This confirmation link is invalid, has expired or has been used, or it belongs to another account. Sign in with the account whose address we sent it to; if needed, we will send you a new one after your next sign-in.',
    it: 'Questo link di conferma non è valido, è scaduto o è già stato usato, oppure appartiene a un altro account. Acceda con l’account al cui indirizzo l’abbiamo inviato; se necessario, dopo il prossimo accesso Le invieremo un nuovo link.',
  },
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
    de: 'Zu viele Anfragen.',
    en: 'Too many requests.',
    it: 'Troppe richieste.',
  },
  'service-unavailable': {
    de: 'Der Dienst ist vorübergehend nicht erreichbar, bitte versuchen Sie es später noch einmal.',
    en: 'The service is temporarily unavailable, please try again later.',
    it: 'Il servizio non è momentaneamente disponibile, si prega di riprovare più tardi.',
  },
  'offer-gone': {
    de: 'Dieses Angebot gibt es leider nicht mehr.',
    en: 'Sorry, this offer is no longer available.',
    it: 'Purtroppo questa offerta non è più disponibile.',
  },
  'invalid-order': {
    de: 'Diese Bestellung existiert nicht mehr.',
    en: 'This order no longer exists.',
    it: 'Questo ordine non esiste più.',
  },
  'order-closed': {
    de: 'Diese Bestellung ist abgeschlossen und kann nicht mehr geändert werden.',
    en: 'This order is closed and can no longer be changed.',
    it: 'Questo ordine è chiuso e non può più essere modificato.',
  },
  'invalid-reduction': {
    de: 'Leider ist der verwendete Aktionscode nicht mehr gültig.',
    en: 'Unfortunately the promotion code used is no longer valid.',
    it: 'Purtroppo il codice promozionale utilizzato non è più valido.',
  },
  'invalid-giftcard': {
    de: 'Der Gutscheincode ist abgelaufen oder ungültig.',
    en: 'The gift card is expired or invalid.',
    it: 'Il buono regalo è scaduto o non valido.',
  },
  'sold-out': {
    de: 'Dieser Gutschein ist leider ausverkauft.',
    en: 'Unfortunately this voucher is sold out.',
    it: 'Purtroppo questo voucher è esaurito.',
  },
  'transfer-limit': {
    de: 'Diese Bestellung kann nicht per Überweisung bezahlt werden.',
    en: 'This order cannot be paid by bank transfer.',
    it: 'Questo ordine non può essere pagato con bonifico.',
  },
  'voucher-locked': {
    de: 'Der Gutschein wurde bereits gedruckt; die Gästedaten können nicht mehr geändert werden.',
    en: 'The voucher has already been printed; the guest details can no longer be changed.',
    it: 'Il voucher è già stato stampato; i dati dell’ospite non possono più essere modificati.',
  },
  'voucher-guest-missing': {
    de: 'Bitte tragen Sie zuerst den Namen des Gastes ein und speichern Sie ihn; erst dann kann der Gutschein gedruckt werden.',
    en: 'Please enter and save the guest’s name first; then the voucher can be printed.',
    it: 'Si prega di inserire e salvare prima il nome dell’ospite; solo dopo il voucher può essere stampato.',
  },
  'order-conflict': {
    de: 'Die Bestellung kann in diesem Zustand nicht so geändert werden.',
    en: 'The order cannot be changed like this in its current state.',
    it: "L'ordine non può essere modificato così nel suo stato attuale.",
  },
  'payment-failed': {
    de: 'Die Zahlung war nicht erfolgreich, bitte versuchen Sie eine andere Zahlungsart.',
    en: 'The payment was not successful, please try another payment method.',
    it: 'Il pagamento non è andato a buon fine, si prega di provare un altro metodo di pagamento.',
  },
  'cart-changed': {
    de: 'Ihr Warenkorb hat sich geändert, zum Beispiel in einem anderen Fenster. Bitte prüfen Sie den neuen Betrag und bestätigen Sie die Bestellung erneut.',
    en: 'Your cart has changed, for example in another window. Please check the new amount and confirm the order again.',
    it: 'Il carrello è cambiato, per esempio in un’altra finestra. Si prega di controllare il nuovo importo e confermare di nuovo l’ordine.',
  },
  'payment-declined': {
    de: 'Der Zahlungsanbieter hat die Zahlung abgelehnt; es wurde nichts abgebucht. Bitte zahlen Sie mit einem anderen Zahlungsmittel oder einer anderen Zahlungsart.',
    en: 'The payment provider declined the payment; nothing was charged. Please pay with another card or account, or choose another payment method.',
    it: 'Il fornitore di pagamento ha rifiutato il pagamento; non è stato addebitato nulla. Si prega di pagare con un altro strumento o scegliere un altro metodo di pagamento.',
  },
  'payment-timeout': {
    de: 'Der Zahlungsanbieter hat nicht rechtzeitig geantwortet. Es wird nichts doppelt abgebucht; bitte versuchen Sie es in ein paar Minuten noch einmal.',
    en: 'The payment provider did not answer in time. Nothing will be charged twice; please try again in a few minutes.',
    it: 'Il fornitore di pagamento non ha risposto in tempo. Non verrà addebitato nulla due volte; si prega di riprovare tra qualche minuto.',
  },
  'payment-stale': {
    de: 'Diese Zahlungsfreigabe gilt nicht mehr: Sie ist abgelaufen oder die Bestellung wurde inzwischen geändert. Es wurde nichts abgebucht; bitte bezahlen Sie erneut über die Kasse.',
    en: 'This payment approval is no longer valid: it has expired or the order has changed since. Nothing was charged; please pay again from the checkout.',
    it: 'Questa autorizzazione di pagamento non è più valida: è scaduta o l’ordine è stato modificato nel frattempo. Non è stato addebitato nulla; si prega di pagare di nuovo dalla cassa.',
  },
  'feature-disabled': {
    de: 'Diese Funktion ist hier nicht verfügbar.',
    en: 'This feature is not available here.',
    it: 'Questa funzione non è disponibile qui.',
  },
  'internal-error': {
    de: 'Es ist ein unerwarteter Fehler aufgetreten, bitte versuchen Sie es erneut.',
    en: 'An unexpected error occurred, please try again.',
    it: 'Si è verificato un errore inaspettato, si prega di riprovare.',
  },
};
