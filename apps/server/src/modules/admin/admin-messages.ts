import type { Locale } from '@shop/contracts/locale';

/** What the back office's refusals say beyond their problem type's title, in the staff member's language. */
export const adminMessages = {
  de: {
    staffExists: 'Für diese Adresse gibt es schon einen Zugang.',
    notYourself:
      'Die eigene Rolle oder den eigenen Zugang können Sie nicht ändern; das muss ein anderer Betreiber tun.',
    brandsNeeded: 'Markenverantwortliche brauchen mindestens eine Marke; Betreiber arbeiten für alle Marken.',
    unknownBrand: 'Eine der Marken gibt es nicht.',
    hotelsNeeded:
      'Hotelmitarbeitende brauchen mindestens ein Hotel (und keine Marke); andere Rollen arbeiten für kein einzelnes Hotel.',
    unknownHotel: 'Eines der Hotels gibt es nicht.',
    inviteInvalid:
      'Der Link ist ungültig, schon benutzt oder abgelaufen. Bitten Sie den Betreiber um eine neue Einladung.',
    notRefundable: 'Nur eine bezahlte Bestellung kann erstattet werden.',
    nothingToRefund: 'Diese Gutscheine sind schon erstattet oder gehören nicht zur Bestellung.',
    notACredit: 'Nur eine Gutschrift kann einer Bestellung zugeordnet werden.',
    entryDecided: 'Über diese Buchung wurde schon entschieden.',
    uploadEmpty: 'Die Datei ist leer.',
    notAnOpenTransfer: 'Nur eine offene Banküberweisung kann als bezahlt markiert werden.',
    alreadyPaid: 'Diese Bestellung ist bereits bezahlt.',
    amountMismatch: (expected: string) => `Der Betrag muss dem Bestellwert entsprechen (${expected}).`,
    overLimit: (limit: string) => `Sie dürfen Überweisungen bis ${limit} als bezahlt markieren.`,
    notCancellable: 'Nur eine unbezahlte Bestellung kann storniert werden.',
    notExtendable: 'Nur die Reservierung einer offenen Banküberweisung kann verlängert werden.',
    mailNotResendable:
      'Diese E-Mail gehört nicht zu dieser Bestellung oder kann nicht erneut gesendet werden.',
    wrongCode: 'Der Code ist nicht richtig oder schon benutzt. Bitte den aktuellen Code eingeben.',
    noPendingSetup: 'Bitte starten Sie die Einrichtung neu.',
    exportTooLarge:
      'Diese Auswahl umfasst mehr als 100.000 Bestellungen. Bitte grenzen Sie sie ein, etwa nach Zeitraum oder Marke.',
  },
  en: {
    staffExists: 'This address already has an account.',
    notYourself: 'You cannot change your own role or access; another operator has to.',
    brandsNeeded: 'Brand managers need at least one brand; operators work for every brand.',
    unknownBrand: 'One of the brands does not exist.',
    hotelsNeeded:
      'Hotel staff need at least one hotel (and no brand); other roles do not work for single hotels.',
    unknownHotel: 'One of the hotels does not exist.',
    inviteInvalid: 'The link is invalid, used or expired. Ask the operator for a new invitation.',
    notRefundable: 'Only a paid order can be refunded.',
    nothingToRefund: 'These vouchers have been refunded already or do not belong to the order.',
    notACredit: 'Only a credit can be assigned to an order.',
    entryDecided: 'This entry has already been decided.',
    uploadEmpty: 'The file is empty.',
    notAnOpenTransfer: 'Only an open bank transfer can be marked paid.',
    alreadyPaid: 'This order has already been paid.',
    amountMismatch: (expected: string) => `The amount must be the order's total (${expected}).`,
    overLimit: (limit: string) => `You may mark transfers of up to ${limit} paid.`,
    notCancellable: 'Only an unpaid order can be cancelled.',
    notExtendable: 'Only the hold of an open bank transfer can be extended.',
    mailNotResendable: 'This e-mail does not belong to this order or cannot be sent again.',
    wrongCode: 'The code is wrong or was already used. Please enter the current code.',
    noPendingSetup: 'Please start the set-up again.',
    exportTooLarge:
      'These filters find more than 100,000 orders. Please narrow them down, for example by period or brand.',
  },
  it: {
    staffExists: 'Per questo indirizzo esiste già un accesso.',
    notYourself: 'Non può modificare il proprio ruolo o accesso; deve farlo un altro gestore.',
    brandsNeeded:
      'I responsabili di marchio hanno bisogno di almeno un marchio; i gestori lavorano per tutti i marchi.',
    unknownBrand: 'Uno dei marchi non esiste.',
    hotelsNeeded:
      'Il personale d’albergo ha bisogno di almeno un hotel (e di nessun marchio); gli altri ruoli non lavorano per singoli hotel.',
    unknownHotel: 'Uno degli hotel non esiste.',
    inviteInvalid: 'Il link non è valido, è già stato usato o è scaduto. Chieda al gestore un nuovo invito.',
    notRefundable: 'Solo un ordine pagato può essere rimborsato.',
    nothingToRefund: 'Questi buoni sono già stati rimborsati o non appartengono all’ordine.',
    notACredit: 'Solo un accredito può essere assegnato a un ordine.',
    entryDecided: 'Su questa voce è già stato deciso.',
    uploadEmpty: 'Il file è vuoto.',
    notAnOpenTransfer: 'Solo un bonifico bancario aperto può essere segnato come pagato.',
    alreadyPaid: 'Questo ordine è già stato pagato.',
    amountMismatch: (expected: string) => `L’importo deve corrispondere al totale dell’ordine (${expected}).`,
    overLimit: (limit: string) => `Puoi segnare come pagati i bonifici fino a ${limit}.`,
    notCancellable: 'Solo un ordine non pagato può essere annullato.',
    notExtendable: 'Si può prolungare solo la prenotazione di un bonifico aperto.',
    mailNotResendable: 'Questa e-mail non appartiene a questo ordine o non può essere inviata di nuovo.',
    wrongCode: 'Il codice è errato o è già stato usato. Inserisci il codice attuale.',
    noPendingSetup: 'Ricomincia la configurazione.',
    exportTooLarge:
      'Questa selezione comprende più di 100.000 ordini. Restringila, per esempio per periodo o marchio.',
  },
} satisfies Record<Locale, Record<string, string | ((value: string) => string)>>;
