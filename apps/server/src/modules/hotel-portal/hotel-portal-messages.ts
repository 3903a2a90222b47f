import type { VoucherState } from '@shop/contracts/hotel-portal';
import type { Locale } from '@shop/contracts/locale';

/** What the hotel-portal's refusals say, in the desk's language. */
export const hotelPortalMessages = {
  de: {
    states: {
      valid: 'Der Gutschein ist gültig.',
      specimen:
        'Dies ist ein Muster aus der Testumgebung der Zahlungen: kein bezahlter Gutschein, er darf nicht eingelöst werden.',
      redeemed: 'Der Gutschein wurde schon eingelöst.',
      refunded: 'Der Gutschein wurde erstattet und ist ungültig.',
      cancelled: 'Der Gutschein wurde storniert und ist ungültig.',
      expired: 'Der Gutschein ist abgelaufen.',
      'other-hotel': 'Dieser Gutschein gilt für ein anderes Hotel.',
    } satisfies Record<VoucherState, string>,
    redeemedOn: (when: string, by: string) => `Der Gutschein wurde schon am ${when} eingelöst (${by}).`,
    nightsDiffer: (voucher: number, stay: number) =>
      `Der Gutschein gilt für ${voucher} Nächte, der Aufenthalt hat ${stay}. Bitte den Grund angeben.`,
    idempotencyKeyReused: 'Dieser Idempotency-Key gehört zu der Einlösung eines anderen Gutscheins.',
    alreadyUndone: 'Diese Einlösung wurde schon rückgängig gemacht.',
    statementPaid: 'Diese Einlösung ist schon mit dem Hotel abgerechnet und bezahlt.',
    undoTooLate:
      'Eine Einlösung kann das Hotel nur innerhalb von 24 Stunden rückgängig machen; danach bitte den Betreiber fragen.',
    unknownCode: 'Zu diesem Code gibt es keinen Gutschein.',
    monthNotOver: 'Eine Abrechnung kann erst nach dem Ende des Monats bezahlt werden.',
    ratesMissing: (count: number) =>
      `${count} Einlösung(en) ohne Nettopreis: bitte zuerst die Nettopreise der Varianten festlegen.`,
    statementAlreadyPaid: 'Diese Abrechnung ist schon bezahlt.',
  },
  en: {
    states: {
      valid: 'The voucher is valid.',
      specimen: 'This is a specimen from the payments sandbox: not a paid voucher, it must not be redeemed.',
      redeemed: 'The voucher has already been redeemed.',
      refunded: 'The voucher was refunded and is void.',
      cancelled: 'The voucher was cancelled and is void.',
      expired: 'The voucher has expired.',
      'other-hotel': 'This voucher is for another hotel.',
    } satisfies Record<VoucherState, string>,
    redeemedOn: (when: string, by: string) => `The voucher was already redeemed on ${when} (${by}).`,
    nightsDiffer: (voucher: number, stay: number) =>
      `The voucher is for ${voucher} nights, the stay has ${stay}. Please give the reason.`,
    idempotencyKeyReused: 'This Idempotency-Key belongs to the redemption of another voucher.',
    alreadyUndone: 'This redemption has already been undone.',
    statementPaid: 'This redemption has already been settled and paid to the hotel.',
    undoTooLate: 'A hotel can undo a redemption within 24 hours only; after that, please ask the operator.',
    unknownCode: 'There is no voucher with this code.',
    monthNotOver: 'A statement can be paid only after its month has ended.',
    ratesMissing: (count: number) =>
      `${count} redemption(s) without a net rate: please set the variants' net rates first.`,
    statementAlreadyPaid: 'This statement has already been paid.',
  },
  it: {
    states: {
      valid: 'Il buono è valido.',
      specimen:
        'Questo è un esemplare dell’ambiente di prova dei pagamenti: non è un buono pagato, non deve essere riscattato.',
      redeemed: 'Il buono è già stato riscattato.',
      refunded: 'Il buono è stato rimborsato e non è più valido.',
      cancelled: 'Il buono è stato annullato e non è più valido.',
      expired: 'Il buono è scaduto.',
      'other-hotel': 'Questo buono vale per un altro hotel.',
    } satisfies Record<VoucherState, string>,
    redeemedOn: (when: string, by: string) => `Il buono è già stato riscattato il ${when} (${by}).`,
    nightsDiffer: (voucher: number, stay: number) =>
      `Il buono vale per ${voucher} notti, il soggiorno ne ha ${stay}. Indichi il motivo.`,
    idempotencyKeyReused: 'Questa Idempotency-Key appartiene al riscatto di un altro buono.',
    alreadyUndone: 'Questo riscatto è già stato annullato.',
    statementPaid: 'Questo riscatto è già stato conteggiato e pagato all’hotel.',
    undoTooLate: 'L’hotel può annullare un riscatto solo entro 24 ore; dopo, si rivolga al gestore.',
    unknownCode: 'Non esiste nessun buono con questo codice.',
    monthNotOver: 'Un conteggio può essere pagato solo dopo la fine del mese.',
    ratesMissing: (count: number) =>
      `${count} riscatto/i senza tariffa netta: stabilisca prima le tariffe nette delle varianti.`,
    statementAlreadyPaid: 'Questo conteggio è già stato pagato.',
  },
} satisfies Record<Locale, unknown>;
