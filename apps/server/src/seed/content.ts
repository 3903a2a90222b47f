import type { contentPages, extensionPoints } from '#src/db/schema/index.ts';
import { termsPage, withdrawalFormPage, withdrawalPage } from './legal-content.ts';
import { brandId } from './reference-data.ts';

export type ContentPageRow = typeof contentPages.$inferInsert & { id: number };
export type ExtensionPointRow = typeof extensionPoints.$inferInsert & { id: number };

type Locale = 'de' | 'en' | 'it';
type Page = { title: string; body: string };

/**
 * The seller's data is never written into a page: the content API fills it in from the brand's config
 * (docs/decisions/025), so every brand's pages name its own company. `{{company}}`, `{{address}}`,
 * `{{email}}` and `{{phone}}` stand for it; the imprint's company block is put before the page's text.
 */
/** Page slug → the page name the footer menu refers to, and its text per language. */
const pages: { slug: string; name: string; text: Record<Locale, Page> }[] = [
  {
    slug: 'impressum',
    name: 'imprint',
    text: {
      de: {
        title: 'Impressum',
        body: `## Streitbeilegung

Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.`,
      },
      en: {
        title: 'Imprint',
        body: `## Dispute resolution

We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.`,
      },
      it: {
        title: 'Note legali',
        body: `## Risoluzione delle controversie

Non siamo disposti né obbligati a partecipare a procedure di risoluzione delle controversie davanti a un organismo di conciliazione per i consumatori.`,
      },
    },
  },
  {
    slug: 'datenschutz',
    name: 'privacy',
    text: {
      de: {
        title: 'Datenschutzerklärung',
        body: `## Verantwortliche Stelle

{{address}}  \nE-Mail: {{email}}

## Welche Daten wir verarbeiten

Wir verarbeiten die Daten, die Sie bei Bestellung, Kontoeröffnung oder Newsletter-Anmeldung angeben, ausschließlich zur Abwicklung Ihres Auftrags und – mit Ihrer Einwilligung – für Werbung per E-Mail.

## Cookies und Analyse

Analyse- und Marketing-Cookies setzen wir nur, wenn Sie im Cookie-Banner „Cookies erlauben“ wählen. Ihre IP-Adresse wird dabei anonymisiert.

## Ihre Rechte

Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch. Schreiben Sie uns an {{email}}.`,
      },
      en: {
        title: 'Privacy policy',
        body: `## Controller

{{address}}  \nE-mail: {{email}}

## Data we process

We process the data you give us when ordering, opening an account or subscribing to the newsletter only to carry out your order and – with your consent – for e-mail marketing.

## Cookies and analytics

We only set analytics and marketing cookies if you choose "allow cookies" in the cookie banner. Your IP address is anonymised.

## Your rights

You have the right of access, rectification, erasure, restriction of processing, data portability and objection. Write to {{email}}.`,
      },
      it: {
        title: 'Informativa sulla privacy',
        body: `## Titolare del trattamento

{{address}}  \nE-mail: {{email}}

## Dati trattati

Trattiamo i dati che ci fornisci con l'ordine, l'apertura di un account o l'iscrizione alla newsletter esclusivamente per evadere l'ordine e, con il tuo consenso, per comunicazioni promozionali via e-mail.

## Cookie e analisi

Utilizziamo cookie di analisi e marketing solo se scegli "consenti i cookie" nel banner. Il tuo indirizzo IP viene anonimizzato.

## I tuoi diritti

Hai diritto di accesso, rettifica, cancellazione, limitazione del trattamento, portabilità dei dati e opposizione. Scrivici a {{email}}.`,
      },
    },
  },
  termsPage,
  withdrawalPage,
  withdrawalFormPage,
  {
    slug: 'accessibility',
    name: 'accessibility',
    text: {
      de: {
        title: 'Erklärung zur Barrierefreiheit',
        body: `## Stand der Vereinbarkeit

Wir möchten, dass alle Menschen unseren Shop nutzen können. Diese Website soll die Anforderungen der WCAG 2.2 auf Stufe AA erfüllen. Einzelne ältere Angebotstexte und Bilder von Partnerhotels sind noch nicht vollständig barrierefrei; wir arbeiten daran.

## Feedback und Kontakt

Sind Ihnen Barrieren aufgefallen oder benötigen Sie Inhalte in einer anderen Form? Schreiben Sie an {{email}} oder rufen Sie uns an unter {{phone}}.

Wir beantworten Ihre Nachricht innerhalb von 15 Arbeitstagen.

## Durchsetzungsverfahren

Erhalten Sie keine zufriedenstellende Antwort, können Sie sich an die zuständige Marktüberwachungsbehörde wenden.`,
      },
      en: {
        title: 'Accessibility statement',
        body: `## Compliance status

We want everyone to be able to use our shop. This website aims to meet WCAG 2.2 at level AA. Some older offer texts and partner hotel images are not yet fully accessible; we are working on it.

## Feedback and contact

Have you come across a barrier, or do you need content in another format? Write to {{email}} or call us on {{phone}}.

We will reply within 15 working days.

## Enforcement

If you do not receive a satisfactory reply, you can contact the competent market surveillance authority.`,
      },
      it: {
        title: "Dichiarazione sull'accessibilità",
        body: `## Stato di conformità

Vogliamo che tutti possano usare il nostro shop. Questo sito mira a soddisfare le WCAG 2.2 al livello AA. Alcuni testi di offerte meno recenti e alcune immagini degli hotel partner non sono ancora del tutto accessibili; ci stiamo lavorando.

## Feedback e contatti

Hai incontrato una barriera o ti servono contenuti in un altro formato? Scrivi a {{email}} o chiamaci al {{phone}}.

Risponderemo entro 15 giorni lavorativi.

## Procedura di attuazione

Se non ricevi una risposta soddisfacente, puoi rivolgerti all'autorità di vigilanza del mercato competente.`,
      },
    },
  },
  {
    slug: 'gutscheinvorteile',
    name: 'voucher-advantages',
    text: {
      de: {
        title: 'Ihre Gutscheinvorteile',
        body: `## Bis zu 70 % sparen

Wir verhandeln Sonderpreise direkt mit den Hotels – Sie sparen bis zu 70 % gegenüber dem regulären Preis.

## Drei Jahre gültig

Jeder Gutschein ist drei Jahre ab Kaufdatum gültig. Sie entscheiden später, wann Sie reisen.

## Flexibler Reisetermin

Den Termin vereinbaren Sie direkt mit dem Hotel, nach Verfügbarkeit – ganz ohne Festlegung beim Kauf.

## Sofort verschenken

Nach Zahlungseingang können Sie den Gutschein als PDF herunterladen oder ausdrucken – ideal als Geschenk.`,
      },
      en: {
        title: 'Your voucher advantages',
        body: `## Save up to 70%

We negotiate special rates directly with the hotels – you save up to 70% on the regular price.

## Valid for three years

Every voucher is valid for three years from the date of purchase. You decide later when to travel.

## Flexible travel dates

You agree the dates directly with the hotel, subject to availability – no commitment when you buy.

## Ready to give

Once payment is received you can download or print the voucher as a PDF – the perfect present.`,
      },
      it: {
        title: 'I vantaggi dei nostri voucher',
        body: `## Risparmia fino al 70%

Negoziamo tariffe speciali direttamente con gli hotel: risparmi fino al 70% sul prezzo normale.

## Validi tre anni

Ogni voucher è valido tre anni dalla data di acquisto. Decidi tu più avanti quando partire.

## Date di viaggio flessibili

Concordi le date direttamente con l'hotel, secondo disponibilità, senza vincoli al momento dell'acquisto.

## Pronti da regalare

Dopo il pagamento puoi scaricare o stampare il voucher in PDF: il regalo perfetto.`,
      },
    },
  },
  {
    slug: 'kontakt',
    name: 'contact',
    text: {
      de: {
        title: 'Kontakt',
        body: `## So erreichen Sie uns

Unser Kundenservice ist montags bis freitags von 9 bis 18 Uhr für Sie da.

- Telefon: {{phone}}
- E-Mail: {{email}}

## Anschrift

{{address}}

Bitte halten Sie bei Fragen zu einer Bestellung Ihre Bestellnummer bereit.`,
      },
      en: {
        title: 'Contact',
        body: `## How to reach us

Our customer service is available Monday to Friday, 9 am to 6 pm (CET).

- Phone: {{phone}}
- E-mail: {{email}}

## Address

{{address}}

If your question is about an order, please have your order number to hand.`,
      },
      it: {
        title: 'Contatti',
        body: `## Come contattarci

Il nostro servizio clienti è a disposizione dal lunedì al venerdì, dalle 9 alle 18.

- Telefono: {{phone}}
- E-mail: {{email}}

## Indirizzo

{{address}}

Per domande su un ordine tieni a portata di mano il numero d'ordine.`,
      },
    },
  },
  {
    slug: 'faq',
    name: 'help',
    text: {
      de: {
        title: 'Hilfe und häufige Fragen',
        body: `## Wie funktioniert ein Hotelgutschein?

Sie kaufen einen Gutschein für ein bestimmtes Angebot, zum Beispiel drei Nächte mit Halbpension für zwei Personen. Nach dem Zahlungseingang erhalten Sie den Gutschein als PDF. Damit buchen Sie Ihren Aufenthalt direkt beim Hotel; vor Ort zahlen Sie nur, was nicht im Angebot enthalten ist, etwa die Ortstaxe.

## Wie lange ist der Gutschein gültig?

Drei Jahre ab dem Kaufdatum. Das Ablaufdatum steht auf dem Gutschein. Innerhalb dieser Zeit wählen Sie den Reisetermin frei nach Verfügbarkeit des Hotels; welche Zeiten ausgenommen sind (etwa Feiertage), steht beim Angebot.

## Wie buche ich meinen Aufenthalt?

Rufen Sie das Hotel an oder schreiben Sie ihm eine E-Mail, nennen Sie die Gutscheinnummer und Ihren Wunschtermin. Die Anschrift des Hotels steht auf dem Gutschein. Am besten fragen Sie früh an, besonders für Wochenenden und die Hauptsaison.

## Wie kann ich bezahlen?

Mit PayPal, Amazon Pay, per Überweisung oder mit Guthaben aus einer Geschenkkarte. Bei PayPal und Amazon Pay steht der Gutschein sofort nach dem Kauf bereit.

## Wann bekomme ich meinen Gutschein bei Überweisung?

Sobald das Geld bei uns eingegangen ist, meist nach ein bis zwei Bankarbeitstagen. Bitte überweisen Sie innerhalb von 7 Tagen und geben Sie den Verwendungszweck aus der Bestellbestätigung an; wir reservieren die Gutscheine so lange für Sie. Danach verfällt die Bestellung.

## Wie drucke ich den Gutschein aus?

Öffnen Sie Ihre Bestellung über den Link in der Bestellbestätigung oder in Ihrem Kundenkonto, tragen Sie den Namen der Gäste ein und laden Sie das PDF herunter. Nach dem ersten Druck lassen sich die Gästedaten nicht mehr ändern. Der Gutschein eignet sich auch als Geschenk.

## Kann ich vom Kauf zurücktreten?

Ja. Sie können den Vertrag innerhalb von 14 Tagen ab dem Kauf ohne Angabe von Gründen widerrufen. Schreiben Sie uns dazu eine E-Mail oder einen Brief; den Kaufpreis erstatten wir auf dem Zahlungsweg Ihres Kaufs. Einzelheiten stehen in der [Widerrufsbelehrung](/widerruf).

## Wie erreiche ich den Kundenservice?

Montags bis freitags von 9 bis 18 Uhr per Telefon oder E-Mail, siehe [Kontakt](/kontakt). Bitte halten Sie Ihre Bestellnummer bereit.`,
      },
      en: {
        title: 'Help and frequently asked questions',
        body: `## How does a hotel voucher work?

You buy a voucher for a particular offer, for example three nights with half board for two people. Once your payment has arrived, you receive the voucher as a PDF. You then book your stay directly with the hotel; at the hotel you pay only for what the offer does not include, such as the local tourist tax.

## How long is the voucher valid?

Three years from the date of purchase. The expiry date is printed on the voucher. Within that time you choose your travel dates freely, subject to the hotel's availability; the offer says which periods are excluded (such as public holidays).

## How do I book my stay?

Call or e-mail the hotel, quoting your voucher number and the dates you would like. The hotel's address is on the voucher. It is best to ask early, especially for weekends and the high season.

## How can I pay?

By PayPal, Amazon Pay, bank transfer or with credit from a gift card. With PayPal and Amazon Pay your voucher is ready as soon as you have bought it.

## When do I get my voucher if I pay by bank transfer?

As soon as the money has reached us, usually after one or two banking days. Please make the transfer within 7 days, quoting the payment reference from your order confirmation; we reserve the vouchers for you until then. After that the order lapses.

## How do I print my voucher?

Open your order from the link in your order confirmation or in your customer account, enter the guests' names and download the PDF. Once the voucher has been printed, the guest details can no longer be changed. The voucher also makes a good present.

## Can I withdraw from my purchase?

Yes. You may withdraw from the contract within 14 days of your purchase without giving reasons. Just send us an e-mail or a letter; we refund the price by the payment method you used. The details are in the [withdrawal information](/widerruf).

## How do I reach customer service?

Monday to Friday, 9 am to 6 pm (CET), by phone or e-mail: see [Contact](/kontakt). Please have your order number to hand.`,
      },
      it: {
        title: 'Aiuto e domande frequenti',
        body: `## Come funziona un voucher hotel?

Acquisti un voucher per un'offerta precisa, ad esempio tre notti in mezza pensione per due persone. Dopo la ricezione del pagamento ricevi il voucher in PDF. Con il voucher prenoti il soggiorno direttamente presso l'hotel; sul posto paghi solo ciò che l'offerta non comprende, come la tassa di soggiorno.

## Per quanto tempo è valido il voucher?

Tre anni dalla data di acquisto. La data di scadenza è indicata sul voucher. In questo periodo scegli liberamente le date del viaggio, secondo la disponibilità dell'hotel; i periodi esclusi (ad esempio i giorni festivi) sono indicati nell'offerta.

## Come prenoto il soggiorno?

Telefona o scrivi un'e-mail all'hotel indicando il numero del voucher e le date che desideri. L'indirizzo dell'hotel è riportato sul voucher. Ti consigliamo di chiedere per tempo, soprattutto per i fine settimana e l'alta stagione.

## Come posso pagare?

Con PayPal, Amazon Pay, bonifico bancario o con il credito di una carta regalo. Con PayPal e Amazon Pay il voucher è pronto subito dopo l'acquisto.

## Quando ricevo il voucher se pago con bonifico?

Appena il denaro ci è arrivato, di solito dopo uno o due giorni lavorativi bancari. Esegui il bonifico entro 7 giorni indicando la causale riportata nella conferma d'ordine; fino ad allora teniamo i voucher riservati per te. Trascorso questo termine l'ordine decade.

## Come stampo il voucher?

Apri l'ordine dal link nella conferma d'ordine o nel tuo account cliente, inserisci i nomi degli ospiti e scarica il PDF. Dopo la prima stampa i dati degli ospiti non si possono più modificare. Il voucher è anche un'ottima idea regalo.

## Posso recedere dall'acquisto?

Sì. Puoi recedere dal contratto entro 14 giorni dall'acquisto senza indicarne il motivo. Basta scriverci un'e-mail o una lettera; rimborsiamo l'importo con il metodo di pagamento usato per l'acquisto. I dettagli sono nelle [informazioni sul recesso](/widerruf).

## Come contatto il servizio clienti?

Dal lunedì al venerdì, dalle 9 alle 18, per telefono o e-mail: vedi [Contatti](/kontakt). Tieni a portata di mano il numero d'ordine.`,
      },
    },
  },
];

/**
 * Sparbuch's own imprint text (German only, like the brand); the company block above it comes from
 * Sparbuch's config like every brand's.
 */
const sparbuchImprint: Page = {
  title: 'Impressum',
  body: `## Mitgliederangebote

Die Angebote dieses Shops sind den Mitgliedern der Sparbuch Vorteilswelt vorbehalten; bei der Bestellung geben Sie Ihre Mitgliedsnummer an.

## Streitbeilegung

Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.`,
};

export const footerMenu = [
  'imprint',
  'privacy',
  'terms',
  'withdrawal',
  'accessibility',
  'voucher-advantages',
  'help',
  'contact',
];

export function planContent(): { pages: ContentPageRow[]; extensionPoints: ExtensionPointRow[] } {
  const locales: Locale[] = ['de', 'en', 'it'];
  const pageRows: ContentPageRow[] = [];
  for (const locale of locales) {
    for (const page of pages) {
      const { title, body } = page.text[locale];
      pageRows.push({
        id: pageRows.length + 1,
        brandId: null,
        locale,
        slug: page.slug,
        name: page.name,
        title,
        body,
      });
    }
  }
  pageRows.push({
    id: pageRows.length + 1,
    brandId: brandId('sparbuch'),
    locale: 'de',
    slug: 'impressum',
    name: 'imprint',
    ...sparbuchImprint,
  });

  const extensionPointRows: ExtensionPointRow[] = locales.flatMap((locale, index) => [
    { id: 2 * index + 1, brandId: null, locale, key: 'footerMenu', value: footerMenu },
    { id: 2 * index + 2, brandId: null, locale, key: 'home', value: ['voucher-advantages'] },
  ]);
  return { pages: pageRows, extensionPoints: extensionPointRows };
}
