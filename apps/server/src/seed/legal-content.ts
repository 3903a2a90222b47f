/**
 * The legal pages of every brand: terms, withdrawal information and the model withdrawal form, in de, en
 * and it (docs/decisions/026). Content the operator edits like any page; the seller is written as
 * `{{company}}`, `{{address}}`, `{{email}}` and `{{phone}}`, which the content API and the order mail's
 * PDF fill in from the brand's config (docs/decisions/025). The withdrawal information follows the
 * statutory model for services (Anlage 1 zu Art. 246a § 1 Abs. 2 EGBGB, Directive 2011/83/EU Annex I(A),
 * Codice del consumo Allegato I parte A); the form follows Annex I(B) word for word.
 */
type Locale = 'de' | 'en' | 'it';
type Page = { title: string; body: string };

export type LegalPage = { slug: string; name: string; text: Record<Locale, Page> };

/** Slug of the withdrawal information and of the model form (linked by the terms and the checkout). */
export const withdrawalSlug = 'widerruf';
export const withdrawalFormSlug = 'widerrufsformular';

export const termsPage: LegalPage = {
  slug: 'agb',
  name: 'terms',
  text: {
    de: {
      title: 'Allgemeine Geschäftsbedingungen',
      body: `## 1. Geltungsbereich und Anbieter

Diese Allgemeinen Geschäftsbedingungen gelten für alle Bestellungen von Hotelgutscheinen in diesem Shop. Ihr Vertragspartner ist:

{{address}}  \nE-Mail: {{email}}  \nTelefon: {{phone}}

## 2. Leistung

Sie kaufen einen Gutschein für ein bestimmtes Hotelangebot (zum Beispiel Übernachtungen, Verpflegung und die beim Angebot genannten Leistungen). Der Gutschein nennt keinen Reisetermin: Den Aufenthalt buchen Sie später direkt beim Hotel, nach dessen Verfügbarkeit und innerhalb der beim Angebot genannten Anreisetage und Sperrzeiten. Die Leistungen vor Ort erbringt das Hotel. Kosten, die das Angebot nicht enthält (etwa die Ortstaxe), zahlen Sie vor Ort.

## 3. Vertragsschluss

Die Darstellung der Angebote im Shop ist kein bindendes Angebot. Mit dem Klick auf den Bestellknopf am Ende der Kasse geben Sie eine verbindliche Bestellung ab. Der Vertrag kommt zustande, wenn wir die Bestellung annehmen; das geschieht mit der Bestellbestätigung per E-Mail. Vor dem Absenden können Sie Ihre Angaben jederzeit prüfen und korrigieren. Vertragssprachen sind Deutsch, Englisch und Italienisch.

## 4. Speicherung des Vertragstexts

Wir speichern Ihre Bestellung. Die Bestellbestätigung enthält diese Bedingungen, die Widerrufsbelehrung und das Muster-Widerrufsformular als PDF; Ihre Bestellung können Sie jederzeit über den Link in der Bestätigung aufrufen.

## 5. Preise und Zahlung

Alle Preise sind Endpreise einschließlich der gesetzlichen Umsatzsteuer. Sie zahlen mit PayPal, Amazon Pay, per Überweisung (Vorkasse) oder mit Guthaben. Bei Überweisung reservieren wir die Gutscheine sieben Tage; geht die Zahlung bis dahin nicht ein, verfällt die Bestellung.

## 6. Gutscheine

Nach Zahlungseingang stehen die Gutscheine auf Ihrer Bestellseite als PDF bereit. Ein Gutschein ist drei Jahre ab dem Kaufdatum gültig; das Ablaufdatum steht auf dem Gutschein. Sie dürfen ihn verschenken. Die Namen der Gäste tragen Sie vor dem ersten Druck ein; danach lassen sie sich nicht mehr ändern.

## 7. Widerrufsrecht

Als Verbraucher haben Sie ein vierzehntägiges Widerrufsrecht ab dem Tag des Vertragsschlusses. Einzelheiten stehen in der [Widerrufsbelehrung](/${withdrawalSlug}); Sie können dafür das [Muster-Widerrufsformular](/${withdrawalFormSlug}) verwenden.

## 8. Haftung

Wir haften unbeschränkt für Vorsatz und grobe Fahrlässigkeit sowie für Schäden aus der Verletzung des Lebens, des Körpers oder der Gesundheit. Für leichte Fahrlässigkeit haften wir nur bei Verletzung einer wesentlichen Vertragspflicht und begrenzt auf den vorhersehbaren, vertragstypischen Schaden.

## 9. Anwendbares Recht

Es gilt das Recht des Landes, in dem der Anbieter seinen Sitz hat. Zwingende Verbraucherschutzvorschriften des Staates, in dem Sie Ihren gewöhnlichen Aufenthalt haben, bleiben unberührt.`,
    },
    en: {
      title: 'Terms and conditions',
      body: `## 1. Scope and seller

These terms and conditions apply to all orders of hotel vouchers in this shop. Your contracting party is:

{{address}}  \nE-mail: {{email}}  \nPhone: {{phone}}

## 2. What you buy

You buy a voucher for a particular hotel offer (for example nights, meals and the services the offer names). The voucher has no travel date: you book your stay later directly with the hotel, subject to its availability and within the arrival days and excluded periods the offer names. The services at the hotel are provided by the hotel. Costs the offer does not include (such as the local tourist tax) are paid at the hotel.

## 3. Conclusion of the contract

The offers shown in the shop are not binding offers. By clicking the order button at the end of the checkout you place a binding order. The contract is concluded when we accept the order, which we do with the order confirmation by e-mail. Before sending the order you can check and correct your details at any time. The contract languages are German, English and Italian.

## 4. Storage of the contract text

We store your order. The order confirmation carries these terms, the withdrawal information and the model withdrawal form as a PDF; you can open your order at any time from the link in the confirmation.

## 5. Prices and payment

All prices are final prices including statutory VAT. You pay by PayPal, Amazon Pay, bank transfer (prepayment) or with credit. For a bank transfer we reserve the vouchers for seven days; if the payment has not arrived by then, the order lapses.

## 6. Vouchers

Once payment has been received, the vouchers are ready as PDFs on your order page. A voucher is valid for three years from the date of purchase; the expiry date is printed on it. You may give it away. Enter the guests' names before the first print; after that they cannot be changed.

## 7. Right of withdrawal

As a consumer you have a right to withdraw within fourteen days from the day the contract is concluded. The details are in the [withdrawal information](/${withdrawalSlug}); you may use the [model withdrawal form](/${withdrawalFormSlug}).

## 8. Liability

We are liable without limitation for intent and gross negligence and for injury to life, body or health. For slight negligence we are liable only for the breach of an essential contractual obligation, limited to the foreseeable damage typical of the contract.

## 9. Applicable law

The law of the country where the seller has its registered office applies. Mandatory consumer protection rules of the country where you have your habitual residence remain unaffected.`,
    },
    it: {
      title: 'Condizioni generali',
      body: `## 1. Ambito di applicazione e venditore

Le presenti condizioni generali si applicano a tutti gli ordini di voucher hotel in questo shop. La tua controparte contrattuale è:

{{address}}  \nE-mail: {{email}}  \nTelefono: {{phone}}

## 2. Oggetto

Acquisti un voucher per una determinata offerta alberghiera (ad esempio pernottamenti, pasti e i servizi indicati nell'offerta). Il voucher non indica una data di viaggio: prenoti il soggiorno in seguito direttamente presso l'hotel, secondo la sua disponibilità ed entro i giorni di arrivo e i periodi esclusi indicati nell'offerta. I servizi in hotel sono prestati dall'hotel. I costi non compresi nell'offerta (ad esempio la tassa di soggiorno) si pagano in hotel.

## 3. Conclusione del contratto

Le offerte presentate nello shop non sono proposte vincolanti. Con il clic sul pulsante d'ordine alla fine della cassa effettui un ordine vincolante. Il contratto si conclude quando accettiamo l'ordine, cosa che avviene con la conferma d'ordine via e-mail. Prima di inviare l'ordine puoi controllare e correggere i tuoi dati in qualsiasi momento. Le lingue del contratto sono il tedesco, l'inglese e l'italiano.

## 4. Conservazione del testo contrattuale

Conserviamo il tuo ordine. La conferma d'ordine contiene queste condizioni, le informazioni sul recesso e il modulo di recesso tipo in PDF; puoi aprire l'ordine in qualsiasi momento dal link nella conferma.

## 5. Prezzi e pagamento

Tutti i prezzi sono prezzi finali comprensivi di IVA. Paghi con PayPal, Amazon Pay, bonifico bancario (pagamento anticipato) o con credito. Con il bonifico teniamo riservati i voucher per sette giorni; se il pagamento non arriva entro tale termine, l'ordine decade.

## 6. Voucher

Dopo la ricezione del pagamento i voucher sono pronti in PDF nella pagina dell'ordine. Un voucher è valido tre anni dalla data di acquisto; la data di scadenza è stampata sul voucher. Puoi regalarlo. Inserisci i nomi degli ospiti prima della prima stampa; dopo non si possono più modificare.

## 7. Diritto di recesso

Come consumatore hai il diritto di recedere entro quattordici giorni dalla conclusione del contratto. I dettagli sono nelle [informazioni sul recesso](/${withdrawalSlug}); puoi usare il [modulo di recesso tipo](/${withdrawalFormSlug}).

## 8. Responsabilità

Rispondiamo senza limiti per dolo e colpa grave e per i danni alla vita, al corpo o alla salute. Per colpa lieve rispondiamo solo in caso di violazione di un obbligo contrattuale essenziale, nei limiti del danno prevedibile e tipico del contratto.

## 9. Legge applicabile

Si applica la legge del paese in cui il venditore ha la sede. Restano salve le norme imperative a tutela dei consumatori dello Stato in cui hai la residenza abituale.`,
    },
  },
};

export const withdrawalPage: LegalPage = {
  slug: withdrawalSlug,
  name: 'withdrawal',
  text: {
    de: {
      title: 'Widerrufsbelehrung',
      body: `## Widerrufsrecht

Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.

Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses.

Um Ihr Widerrufsrecht auszuüben, müssen Sie uns

{{address}}  \nE-Mail: {{email}}  \nTelefon: {{phone}}

mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das [Muster-Widerrufsformular](/${withdrawalFormSlug}) verwenden, das jedoch nicht vorgeschrieben ist.

Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.

## Folgen des Widerrufs

Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet.

Haben Sie verlangt, dass die Dienstleistungen während der Widerrufsfrist beginnen sollen, so haben Sie uns einen angemessenen Betrag zu zahlen, der dem Anteil der bis zu dem Zeitpunkt, zu dem Sie uns von der Ausübung des Widerrufsrechts hinsichtlich dieses Vertrags unterrichten, bereits erbrachten Dienstleistungen im Vergleich zum Gesamtumfang der im Vertrag vorgesehenen Dienstleistungen entspricht.

## Hinweise zu Gutscheinen

Ein Gutschein nennt keinen Reisetermin; die Ausnahme für Beherbergungsleistungen zu einem bestimmten Termin gilt für ihn daher nicht, und das Widerrufsrecht besteht. Ein gedruckter Gutschein wird mit dem Widerruf ungültig. Für eine mitgebuchte Reiseversicherung gelten die Widerrufsbelehrung und die Bedingungen des Versicherers.`,
    },
    en: {
      title: 'Withdrawal information',
      body: `## Right of withdrawal

You have the right to withdraw from this contract within fourteen days without giving any reason.

The withdrawal period will expire after fourteen days from the day of the conclusion of the contract.

To exercise the right of withdrawal, you must inform us

{{address}}  \nE-mail: {{email}}  \nPhone: {{phone}}

of your decision to withdraw from this contract by an unequivocal statement (e.g. a letter sent by post or an e-mail). You may use the [model withdrawal form](/${withdrawalFormSlug}), but it is not obligatory.

To meet the withdrawal deadline, it is sufficient for you to send your communication concerning your exercise of the right of withdrawal before the withdrawal period has expired.

## Effects of withdrawal

If you withdraw from this contract, we shall reimburse to you all payments received from you without undue delay and in any event not later than fourteen days from the day on which we are informed about your decision to withdraw from this contract. We will carry out such reimbursement using the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; in any event, you will not incur any fees as a result of such reimbursement.

If you requested to begin the performance of services during the withdrawal period, you shall pay us an amount which is in proportion to what has been provided until you have communicated us your withdrawal from this contract, in comparison with the full coverage of the contract.

## Notes on vouchers

A voucher names no travel date, so the exception for accommodation services on a specific date does not apply to it and the right of withdrawal exists. A printed voucher becomes invalid on withdrawal. Travel insurance booked with a voucher is governed by the insurer's own withdrawal information and conditions.`,
    },
    it: {
      title: 'Informazioni sul diritto di recesso',
      body: `## Diritto di recesso

Hai il diritto di recedere dal contratto, senza indicarne le ragioni, entro quattordici giorni.

Il periodo di recesso scade dopo quattordici giorni dal giorno della conclusione del contratto.

Per esercitare il diritto di recesso, sei tenuto a informarci

{{address}}  \nE-mail: {{email}}  \nTelefono: {{phone}}

della tua decisione di recedere dal presente contratto tramite una dichiarazione esplicita (ad esempio lettera inviata per posta o posta elettronica). A tal fine puoi utilizzare il [modulo di recesso tipo](/${withdrawalFormSlug}), ma non è obbligatorio.

Per rispettare il termine di recesso, è sufficiente inviare la comunicazione relativa all'esercizio del diritto di recesso prima della scadenza del periodo di recesso.

## Effetti del recesso

Se recedi dal presente contratto, ti saranno rimborsati tutti i pagamenti che hai effettuato a nostro favore senza indebito ritardo e comunque entro quattordici giorni dal giorno in cui siamo informati della tua decisione di recedere dal presente contratto. Detti rimborsi saranno effettuati utilizzando lo stesso mezzo di pagamento da te usato per la transazione iniziale, salvo che tu non abbia espressamente convenuto altrimenti; in ogni caso, non dovrai sostenere alcun costo quale conseguenza di tale rimborso.

Se hai richiesto di iniziare la prestazione dei servizi durante il periodo di recesso, sei tenuto a pagarci un importo proporzionale a quanto è stato fornito fino al momento in cui ci hai comunicato il tuo recesso dal presente contratto, rispetto a tutte le prestazioni previste dal contratto.

## Note sui voucher

Il voucher non indica una data di viaggio: l'eccezione per i servizi di alloggio in una data determinata non si applica e il diritto di recesso sussiste. Con il recesso un voucher già stampato non è più valido. Per un'assicurazione di viaggio acquistata con il voucher valgono le informazioni sul recesso e le condizioni dell'assicuratore.`,
    },
  },
};

/** Directive 2011/83/EU Annex I(B) (EGBGB Anlage 2, Codice del consumo Allegato I parte B). */
export const withdrawalFormPage: LegalPage = {
  slug: withdrawalFormSlug,
  name: 'withdrawal-form',
  text: {
    de: {
      title: 'Muster-Widerrufsformular',
      body: `(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)

An:

{{address}}  \nE-Mail: {{email}}

- Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*): ______________________________
- Bestellt am (*)/erhalten am (*): ______________________________
- Name des/der Verbraucher(s): ______________________________
- Anschrift des/der Verbraucher(s): ______________________________
- Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier): ______________________________
- Datum: ______________________________

(*) Unzutreffendes streichen.`,
    },
    en: {
      title: 'Model withdrawal form',
      body: `(Complete and return this form only if you wish to withdraw from the contract.)

To:

{{address}}  \nE-mail: {{email}}

- I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*): ______________________________
- Ordered on (*)/received on (*): ______________________________
- Name of consumer(s): ______________________________
- Address of consumer(s): ______________________________
- Signature of consumer(s) (only if this form is notified on paper): ______________________________
- Date: ______________________________

(*) Delete as appropriate.`,
    },
    it: {
      title: 'Modulo di recesso tipo',
      body: `(Compilare e restituire il presente modulo solo se si desidera recedere dal contratto.)

Destinatario:

{{address}}  \nE-mail: {{email}}

- Con la presente io/noi (*) notifichiamo il recesso dal mio/nostro (*) contratto di vendita dei seguenti beni (*)/servizi (*): ______________________________
- Ordinato il (*)/ricevuto il (*): ______________________________
- Nome del/dei consumatore(i): ______________________________
- Indirizzo del/dei consumatore(i): ______________________________
- Firma del/dei consumatore(i) (solo se il presente modulo è notificato in versione cartacea): ______________________________
- Data: ______________________________

(*) Cancellare la dicitura inutile.`,
    },
  },
};

/** The pages the order-received mail attaches as one PDF, in this order. */
export const legalPages: LegalPage[] = [termsPage, withdrawalPage, withdrawalFormPage];
