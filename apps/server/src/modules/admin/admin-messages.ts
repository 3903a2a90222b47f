import type { Locale } from '@shop/contracts/locale';

/** What the back office's refusals say beyond their problem type's title, in the staff member's language. */
export const adminMessages = {
  de: {
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
  },
  en: {
    notAnOpenTransfer: 'Only an open bank transfer can be marked paid.',
    alreadyPaid: 'This order has already been paid.',
    amountMismatch: (expected: string) => `The amount must be the order's total (${expected}).`,
    overLimit: (limit: string) => `You may mark transfers of up to ${limit} paid.`,
    notCancellable: 'Only an unpaid order can be cancelled.',
    notExtendable: 'Only the hold of an open bank transfer can be extended.',
    mailNotResendable: 'This e-mail does not belong to this order or cannot be sent again.',
    wrongCode: 'The code is wrong or was already used. Please enter the current code.',
    noPendingSetup: 'Please start the set-up again.',
  },
  it: {
    notAnOpenTransfer: 'Solo un bonifico bancario aperto può essere segnato come pagato.',
    alreadyPaid: 'Questo ordine è già stato pagato.',
    amountMismatch: (expected: string) => `L’importo deve corrispondere al totale dell’ordine (${expected}).`,
    overLimit: (limit: string) => `Puoi segnare come pagati i bonifici fino a ${limit}.`,
    notCancellable: 'Solo un ordine non pagato può essere annullato.',
    notExtendable: 'Si può prolungare solo la prenotazione di un bonifico aperto.',
    mailNotResendable: 'Questa e-mail non appartiene a questo ordine o non può essere inviata di nuovo.',
    wrongCode: 'Il codice è errato o è già stato usato. Inserisci il codice attuale.',
    noPendingSetup: 'Ricomincia la configurazione.',
  },
} satisfies Record<Locale, Record<string, string | ((value: string) => string)>>;
