import type { Locale } from '@shop/contracts/locale';
import type { MailKind } from './mail-message.ts';

type OrderRef = { brand: string; orderId: number };
type Deadline = { amount: string; dueDate: string };

/**
 * Everything a customer reads in a transactional mail. Values arrive formatted (prices, dates);
 * functions instead of placeholders let the compiler hold every language to the same parameters.
 */
export type MailTexts = {
  subject: Record<MailKind, (ref: OrderRef) => string>;
  preview: {
    orderReceived: (order: { orderId: number; total: string }) => string;
    orderReceivedByTransfer: (deadline: Deadline) => string;
    paymentReceived: string;
    transferReminder: (deadline: Deadline) => string;
    transferExpired: (order: { orderId: number }) => string;
  };
  greeting: (customerName: string) => string;
  signOff: string;
  team: (brand: string) => string;
  orderButton: string;
  /** The order page's address written out: it opens the order, and adds it to an account when pasted there. */
  orderLink: { label: string; note: string };
  orderReceived: { heading: string; intro: string; introByTransfer: (dueDate: string) => string };
  /**
   * The right of withdrawal in the order's first mail (order-received, or payment-received for an order
   * paid at once), the full text in the attached PDF (decision 026).
   */
  withdrawal: {
    title: string;
    summary: (email: string) => string;
    attachment: (file: string) => string;
    pages: string;
  };
  paymentReceived: {
    heading: string;
    intro: (voucherCount: number) => string;
    guestNames: string;
    printButton: (voucherCount: number) => string;
    documents: string;
    /** A voucher's link to its card on the order page: the guest's name is entered there, then it is printed. */
    voucher: (code: string) => string;
    invoice: string;
  };
  transferReminder: {
    heading: string;
    intro: (deadline: Deadline & { orderId: number }) => string;
    alreadyPaid: string;
  };
  transferExpired: {
    heading: string;
    intro: (orderId: number) => string;
    alreadyPaid: string;
    orderAgain: string;
    shopButton: string;
  };
  summary: {
    title: string;
    orderNumber: (orderId: number) => string;
    /** The line of a promotion code's reduction. */
    discount: (reduction: { name: string; code: string }) => string;
    total: string;
    /** What gift cards and account credit paid of the total. */
    prepaid: string;
    /** The rest of the total, paid (or to be paid) in money. */
    payment: string;
  };
  wireTransfer: {
    title: string;
    accountHolder: string;
    iban: string;
    bic: string;
    bank: string;
    reference: string;
    amount: string;
    dueDate: string;
    referenceNote: string;
    qrHint: string;
    qrAlt: string;
  };
  footer: { questions: string; email: string; phone: string };
};

const de: MailTexts = {
  subject: {
    'order-received': ({ brand, orderId }) => `Ihre Bestellung ${orderId} bei ${brand}`,
    'payment-received': ({ brand, orderId }) => `Ihre Gutscheine zur Bestellung ${orderId} bei ${brand}`,
    'transfer-reminder': ({ brand, orderId }) =>
      `Erinnerung: Zahlung für Ihre Bestellung ${orderId} bei ${brand}`,
    'transfer-expired': ({ brand, orderId }) => `Ihre Bestellung ${orderId} bei ${brand} wurde storniert`,
  },
  preview: {
    orderReceived: ({ orderId, total }) => `Wir haben Ihre Bestellung ${orderId} über ${total} erhalten.`,
    orderReceivedByTransfer: ({ amount, dueDate }) => `Bitte überweisen Sie ${amount} bis zum ${dueDate}.`,
    paymentReceived: 'Ihre Zahlung ist eingegangen – Ihre Gutscheine sind bereit zum Ausdrucken.',
    transferReminder: ({ amount, dueDate }) =>
      `Ihre Zahlung über ${amount} steht noch aus: Bitte überweisen Sie bis zum ${dueDate}.`,
    transferExpired: ({ orderId }) => `Ohne Zahlungseingang haben wir Ihre Bestellung ${orderId} storniert.`,
  },
  greeting: (customerName) => `Guten Tag ${customerName},`,
  signOff: 'Herzliche Grüße',
  team: (brand) => `Ihr Team von ${brand}`,
  orderButton: 'Bestellung ansehen',
  orderLink: {
    label: 'Link zu Ihrer Bestellung',
    note: 'Heben Sie diesen Link auf: Er öffnet Ihre Bestellung jederzeit. Haben Sie ein Kundenkonto, fügen Sie die Bestellung hinzu, indem Sie ihn dort unter „Meine Bestellungen“ einfügen.',
  },
  orderReceived: {
    heading: 'Vielen Dank für Ihre Bestellung!',
    intro:
      'wir haben Ihre Bestellung erhalten. Sobald Ihre Zahlung bestätigt ist, schicken wir Ihnen Ihre Gutscheine per E-Mail.',
    introByTransfer: (dueDate) =>
      `wir haben Ihre Bestellung erhalten. Bitte überweisen Sie den Betrag bis zum ${dueDate} auf unser Konto; so lange reservieren wir Ihre Gutscheine für Sie. Sobald Ihre Zahlung eingegangen ist, schicken wir Ihnen die Gutscheine per E-Mail.`,
  },
  withdrawal: {
    title: 'Ihr Widerrufsrecht',
    summary: (email) =>
      `Sie können diesen Vertrag binnen vierzehn Tagen ab Vertragsschluss ohne Angabe von Gründen widerrufen. Eine eindeutige Erklärung genügt, zum Beispiel eine E-Mail an ${email}.`,
    attachment: (file) =>
      `Unsere AGB, die Widerrufsbelehrung und das Muster-Widerrufsformular finden Sie vollständig im Anhang (${file}); bitte bewahren Sie ihn auf.`,
    pages: 'Im Shop:',
  },
  paymentReceived: {
    heading: 'Ihre Gutscheine sind bereit',
    intro: (voucherCount) =>
      voucherCount === 1
        ? 'vielen Dank, Ihre Zahlung ist eingegangen. Ihr Gutschein ist fertig und kann ab sofort ausgedruckt werden.'
        : `vielen Dank, Ihre Zahlung ist eingegangen. Ihre ${voucherCount} Gutscheine sind fertig und können ab sofort ausgedruckt werden.`,
    guestNames:
      'Auf Ihrer Bestellseite können Sie den Namen des Gastes eintragen, solange der Gutschein noch nicht gedruckt ist.',
    printButton: (voucherCount) =>
      voucherCount === 1 ? 'Gutschein ansehen und drucken' : 'Gutscheine ansehen und drucken',
    documents: 'Ihre Unterlagen',
    voucher: (code) => `Gutschein ${code}: Gast eintragen und drucken`,
    invoice: 'Rechnung (PDF)',
  },
  transferReminder: {
    heading: 'Ihre Zahlung steht noch aus',
    intro: ({ orderId, amount, dueDate }) =>
      `für Ihre Bestellung ${orderId} ist bei uns noch keine Zahlung eingegangen. Wir reservieren Ihre Gutscheine noch bis zum ${dueDate}. Bitte überweisen Sie bis dahin ${amount}, sonst wird die Bestellung storniert.`,
    alreadyPaid:
      'Haben Sie schon überwiesen? Dann betrachten Sie diese E-Mail bitte als gegenstandslos – eine Überweisung kann ein bis zwei Bankarbeitstage dauern.',
  },
  transferExpired: {
    heading: 'Ihre Bestellung wurde storniert',
    intro: (orderId) =>
      `leider ist für Ihre Bestellung ${orderId} bis zum Ende der Zahlungsfrist keine Zahlung bei uns eingegangen. Wir haben die Bestellung deshalb storniert und die reservierten Gutscheine wieder freigegeben.`,
    alreadyPaid:
      'Haben Sie den Betrag inzwischen doch überwiesen? Dann melden Sie sich bitte bei uns, wir kümmern uns darum.',
    orderAgain:
      'Sie möchten die Gutscheine weiterhin? Solange sie verfügbar sind, können Sie sie jederzeit neu bestellen.',
    shopButton: 'Zum Shop',
  },
  summary: {
    title: 'Ihre Bestellung',
    orderNumber: (orderId) => `Bestellnummer ${orderId}`,
    discount: ({ name, code }) => `Rabatt: ${name} (Code ${code})`,
    total: 'Gesamtbetrag',
    prepaid: 'Mit Geschenkkarte oder Guthaben bezahlt',
    payment: 'Zahlungsbetrag',
  },
  wireTransfer: {
    title: 'Bankverbindung für Ihre Überweisung',
    accountHolder: 'Kontoinhaber',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    reference: 'Verwendungszweck',
    amount: 'Betrag',
    dueDate: 'Zahlbar bis',
    referenceNote:
      'Bitte geben Sie den Verwendungszweck genau so an, damit wir Ihre Zahlung zuordnen können.',
    qrHint:
      'Oder scannen Sie den GiroCode mit Ihrer Banking-App – dann sind die Überweisungsdaten schon ausgefüllt.',
    qrAlt: 'GiroCode (QR-Code) mit den Überweisungsdaten',
  },
  footer: {
    questions: 'Fragen zu Ihrer Bestellung? Wir helfen Ihnen gern.',
    email: 'E-Mail',
    phone: 'Telefon',
  },
};

const en: MailTexts = {
  subject: {
    'order-received': ({ brand, orderId }) => `Your order ${orderId} at ${brand}`,
    'payment-received': ({ brand, orderId }) => `Your vouchers for order ${orderId} at ${brand}`,
    'transfer-reminder': ({ brand, orderId }) => `Reminder: payment for your order ${orderId} at ${brand}`,
    'transfer-expired': ({ brand, orderId }) => `Your order ${orderId} at ${brand} has been cancelled`,
  },
  preview: {
    orderReceived: ({ orderId, total }) => `We have received your order ${orderId} for ${total}.`,
    orderReceivedByTransfer: ({ amount, dueDate }) => `Please transfer ${amount} by ${dueDate}.`,
    paymentReceived: 'Your payment has arrived – your vouchers are ready to print.',
    transferReminder: ({ amount, dueDate }) =>
      `Your payment of ${amount} is still outstanding: please transfer it by ${dueDate}.`,
    transferExpired: ({ orderId }) => `As no payment arrived, we have cancelled your order ${orderId}.`,
  },
  greeting: (customerName) => `Hello ${customerName},`,
  signOff: 'Kind regards',
  team: (brand) => `Your ${brand} team`,
  orderButton: 'View your order',
  orderLink: {
    label: 'Link to your order',
    note: 'Keep this link: it opens your order at any time. If you have an account, add the order to it by pasting the link under “My orders”.',
  },
  orderReceived: {
    heading: 'Thank you for your order!',
    intro:
      'We have received your order. As soon as your payment is confirmed, we will email you your vouchers.',
    introByTransfer: (dueDate) =>
      `We have received your order. Please transfer the amount to our account by ${dueDate}; we are holding your vouchers for you until then. As soon as your payment arrives, we will email you the vouchers.`,
  },
  withdrawal: {
    title: 'Your right of withdrawal',
    summary: (email) =>
      `You may withdraw from this contract within fourteen days of the conclusion of the contract without giving any reason. A clear statement is enough, for example an e-mail to ${email}.`,
    attachment: (file) =>
      `Our terms and conditions, the withdrawal information and the model withdrawal form are attached in full (${file}); please keep them.`,
    pages: 'In the shop:',
  },
  paymentReceived: {
    heading: 'Your vouchers are ready',
    intro: (voucherCount) =>
      voucherCount === 1
        ? 'Thank you, your payment has arrived. Your voucher is ready and can be printed right away.'
        : `Thank you, your payment has arrived. Your ${voucherCount} vouchers are ready and can be printed right away.`,
    guestNames: 'On your order page you can enter the guest’s name until the voucher is printed.',
    printButton: (voucherCount) =>
      voucherCount === 1 ? 'View and print voucher' : 'View and print vouchers',
    documents: 'Your documents',
    voucher: (code) => `Voucher ${code}: enter the guest and print`,
    invoice: 'Invoice (PDF)',
  },
  transferReminder: {
    heading: 'Your payment is still outstanding',
    intro: ({ orderId, amount, dueDate }) =>
      `We have not yet received a payment for your order ${orderId}. We are holding your vouchers for you until ${dueDate}. Please transfer ${amount} by then, otherwise the order will be cancelled.`,
    alreadyPaid:
      'Already paid? Then please disregard this email – a bank transfer can take one or two business days to arrive.',
  },
  transferExpired: {
    heading: 'Your order has been cancelled',
    intro: (orderId) =>
      `Unfortunately, no payment for your order ${orderId} arrived before the payment deadline. We have therefore cancelled the order and released the reserved vouchers.`,
    alreadyPaid:
      'Have you transferred the amount in the meantime? Then please get in touch and we will sort it out.',
    orderAgain: 'Still want the vouchers? You are welcome to order them again while they are available.',
    shopButton: 'Visit the shop',
  },
  summary: {
    title: 'Your order',
    orderNumber: (orderId) => `Order number ${orderId}`,
    discount: ({ name, code }) => `Discount: ${name} (code ${code})`,
    total: 'Total',
    prepaid: 'Paid with gift card or credit',
    payment: 'Payment amount',
  },
  wireTransfer: {
    title: 'Bank details for your transfer',
    accountHolder: 'Account holder',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Bank',
    reference: 'Payment reference',
    amount: 'Amount',
    dueDate: 'Payable by',
    referenceNote: 'Please enter the payment reference exactly as shown so that we can match your payment.',
    qrHint: 'Or scan the GiroCode with your banking app to fill in the transfer details automatically.',
    qrAlt: 'GiroCode (QR code) with the transfer details',
  },
  footer: { questions: 'Questions about your order? We are happy to help.', email: 'Email', phone: 'Phone' },
};

const it: MailTexts = {
  subject: {
    'order-received': ({ brand, orderId }) => `Il tuo ordine ${orderId} su ${brand}`,
    'payment-received': ({ brand, orderId }) => `I tuoi voucher per l’ordine ${orderId} su ${brand}`,
    'transfer-reminder': ({ brand, orderId }) =>
      `Promemoria: pagamento del tuo ordine ${orderId} su ${brand}`,
    'transfer-expired': ({ brand, orderId }) => `Il tuo ordine ${orderId} su ${brand} è stato annullato`,
  },
  preview: {
    orderReceived: ({ orderId, total }) => `Abbiamo ricevuto il tuo ordine ${orderId} di ${total}.`,
    orderReceivedByTransfer: ({ amount, dueDate }) =>
      `Ti preghiamo di bonificare ${amount} entro il ${dueDate}.`,
    paymentReceived: 'Abbiamo ricevuto il tuo pagamento: i tuoi voucher sono pronti da stampare.',
    transferReminder: ({ amount, dueDate }) =>
      `Il tuo pagamento di ${amount} è ancora in sospeso: ti preghiamo di bonificarlo entro il ${dueDate}.`,
    transferExpired: ({ orderId }) =>
      `Non avendo ricevuto il pagamento, abbiamo annullato il tuo ordine ${orderId}.`,
  },
  greeting: (customerName) => `Ciao ${customerName},`,
  signOff: 'Un caro saluto',
  team: (brand) => `Il team di ${brand}`,
  orderButton: 'Visualizza il tuo ordine',
  orderLink: {
    label: 'Link al tuo ordine',
    note: 'Conserva questo link: apre il tuo ordine in qualsiasi momento. Se hai un account, aggiungi l’ordine incollando il link alla voce «I miei ordini».',
  },
  orderReceived: {
    heading: 'Grazie per il tuo ordine!',
    intro:
      'abbiamo ricevuto il tuo ordine. Non appena il pagamento sarà confermato, ti invieremo i voucher via e-mail.',
    introByTransfer: (dueDate) =>
      `abbiamo ricevuto il tuo ordine. Ti preghiamo di bonificare l’importo sul nostro conto entro il ${dueDate}; fino ad allora teniamo i voucher riservati per te. Appena riceviamo il pagamento, ti inviamo i voucher via e-mail.`,
  },
  withdrawal: {
    title: 'Il tuo diritto di recesso',
    summary: (email) =>
      `Puoi recedere da questo contratto entro quattordici giorni dalla conclusione del contratto senza indicarne il motivo. Basta una dichiarazione esplicita, ad esempio un'e-mail a ${email}.`,
    attachment: (file) =>
      `Le nostre condizioni generali, le informazioni sul recesso e il modulo di recesso tipo sono allegati per intero (${file}); ti preghiamo di conservarli.`,
    pages: 'Nello shop:',
  },
  paymentReceived: {
    heading: 'I tuoi voucher sono pronti',
    intro: (voucherCount) =>
      voucherCount === 1
        ? 'grazie, abbiamo ricevuto il tuo pagamento. Il tuo voucher è pronto e puoi stamparlo subito.'
        : `grazie, abbiamo ricevuto il tuo pagamento. I tuoi ${voucherCount} voucher sono pronti e puoi stamparli subito.`,
    guestNames:
      'Nella pagina del tuo ordine puoi inserire il nome dell’ospite finché il voucher non è stato stampato.',
    printButton: (voucherCount) =>
      voucherCount === 1 ? 'Visualizza e stampa il voucher' : 'Visualizza e stampa i voucher',
    documents: 'I tuoi documenti',
    voucher: (code) => `Voucher ${code}: inserisci l’ospite e stampa`,
    invoice: 'Fattura (PDF)',
  },
  transferReminder: {
    heading: 'Il tuo pagamento è ancora in sospeso',
    intro: ({ orderId, amount, dueDate }) =>
      `non abbiamo ancora ricevuto il pagamento per il tuo ordine ${orderId}. Teniamo i tuoi voucher riservati fino al ${dueDate}. Ti preghiamo di bonificare ${amount} entro quella data, altrimenti l’ordine verrà annullato.`,
    alreadyPaid:
      'Hai già effettuato il bonifico? Allora ignora pure questa e-mail: un bonifico può impiegare uno o due giorni lavorativi.',
  },
  transferExpired: {
    heading: 'Il tuo ordine è stato annullato',
    intro: (orderId) =>
      `purtroppo non abbiamo ricevuto alcun pagamento per il tuo ordine ${orderId} entro la scadenza. Abbiamo quindi annullato l’ordine e liberato i voucher riservati.`,
    alreadyPaid: 'Hai effettuato il bonifico nel frattempo? Allora contattaci e sistemeremo tutto.',
    orderAgain: 'Desideri ancora i voucher? Puoi ordinarli di nuovo finché sono disponibili.',
    shopButton: 'Vai al negozio',
  },
  summary: {
    title: 'Il tuo ordine',
    orderNumber: (orderId) => `Numero ordine ${orderId}`,
    discount: ({ name, code }) => `Sconto: ${name} (codice ${code})`,
    total: 'Totale',
    prepaid: 'Pagato con carta regalo o credito',
    payment: 'Importo del pagamento',
  },
  wireTransfer: {
    title: 'Coordinate bancarie per il bonifico',
    accountHolder: 'Intestatario del conto',
    iban: 'IBAN',
    bic: 'BIC',
    bank: 'Banca',
    reference: 'Causale',
    amount: 'Importo',
    dueDate: 'Da pagare entro il',
    referenceNote: 'Indica la causale esattamente così, in modo che possiamo abbinare il tuo pagamento.',
    qrHint:
      'Oppure scansiona il GiroCode con l’app della tua banca: i dati del bonifico vengono compilati automaticamente.',
    qrAlt: 'GiroCode (codice QR) con i dati del bonifico',
  },
  footer: {
    questions: 'Domande sul tuo ordine? Siamo qui per aiutarti.',
    email: 'E-mail',
    phone: 'Telefono',
  },
};

export const mailTexts: Record<Locale, MailTexts> = { de, en, it };
