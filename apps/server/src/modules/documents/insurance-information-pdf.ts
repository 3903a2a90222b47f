/**
 * The insurer's documents a buyer gets before taking out travel insurance (issue 24, IDD / § 7 VVG):
 * the product information sheet and the insurance conditions, one pair per tariff (cancellation,
 * curtailment), in each language, from the brand's insurance settings (insurer, billing, premium
 * table). Pure: data in, PDF stream out. The same bytes on every download of a version.
 */
import type { InsuranceDocumentKind, InsuranceType } from '@shop/contracts/insurance';
import type { Locale } from '@shop/contracts/locale';
import { brandColours } from './brand-colour.ts';
import { formatCents } from './document-texts.ts';
import { createPdfDocument, fontBold, fontRegular } from './pdf-document.ts';
import { drawSpecimenWatermark } from './specimen-watermark.ts';

export type InsuranceInformationPdfInput = {
  locale: Locale;
  kind: InsuranceDocumentKind;
  type: InsuranceType;
  insurer: { name: string; address: string; invoiceWithinDays: number; paymentTermDays: number };
  tariffs: readonly { upToCents: number; cancellationCents: number; curtailmentCents: number }[];
  /** The most days of a trip curtailment covers (SPEC §9). */
  maxCoveredDays: number;
  brand: { name: string; primaryColor: string; website: string };
  /** The built-in sandbox insurer: the documents are specimens. */
  specimen: boolean;
};

/** The version the documents carry (and their creation date: the same bytes on every download). */
export const insuranceConditionsVersion = { label: '2026-01', date: new Date('2026-01-01T00:00:00Z') };

type Billing = InsuranceInformationPdfInput['insurer'];
type Section = { heading: string; body: string[] };

type InformationTexts = {
  titles: Record<InsuranceDocumentKind, string>;
  types: Record<InsuranceType, string>;
  insurer: string;
  version: string;
  intro: Record<InsuranceDocumentKind, string>;
  tariffLine: (upTo: string, premium: string) => string;
  sections: (
    type: InsuranceType,
    billing: Billing,
    tariffLines: string[],
    maxDays: number,
  ) => {
    what: Section;
    covered: Section;
    sum: Section;
    excluded: Section;
    premium: Section;
    payment: Section;
    period: Section;
    duties: Section;
    withdrawal: Section;
  };
  specimen: string;
};

export const informationTexts: Record<Locale, InformationTexts> = {
  de: {
    titles: {
      'product-sheet': 'Informationsblatt zu Versicherungsprodukten',
      conditions: 'Versicherungsbedingungen',
    },
    types: { cancellation: 'Reiserücktrittsversicherung', curtailment: 'Reiseabbruchversicherung' },
    insurer: 'Versicherer',
    version: 'Stand',
    intro: {
      'product-sheet':
        'Dieses Blatt gibt einen Überblick über die Versicherung. Die vollständigen Angaben finden Sie in den Versicherungsbedingungen.',
      conditions: 'Diese Bedingungen gelten für Versicherungen zu Hotelgutscheinen des Shops.',
    },
    tariffLine: (upTo, premium) => `Gutscheinwert bis ${upTo}: ${premium} je Gutschein`,
    sections: (type, billing, tariffLines, maxDays) => ({
      what: {
        heading: 'Um welche Art von Versicherung handelt es sich?',
        body: [
          type === 'cancellation'
            ? 'Eine Reiserücktrittsversicherung für den mit dem Gutschein gebuchten Hotelaufenthalt.'
            : 'Eine Reiseabbruchversicherung für den mit dem Gutschein gebuchten Hotelaufenthalt.',
        ],
      },
      covered: {
        heading: 'Was ist versichert?',
        body: [
          type === 'cancellation'
            ? 'Die Kosten des Gutscheins, wenn eine versicherte Person die Reise nicht antreten kann wegen: unerwarteter schwerer Erkrankung, schwerer Unfallverletzung oder Tod (auch naher Angehöriger), Schwangerschaft, unerwartetem Verlust des Arbeitsplatzes oder erheblichem Schaden am Eigentum.'
            : `Die nicht genutzten Reiseleistungen, wenn eine versicherte Person die Reise aus einem dieser Gründe abbrechen muss: unerwartete schwere Erkrankung, schwere Unfallverletzung oder Tod (auch naher Angehöriger), erheblicher Schaden am Eigentum. Versichert ist ein Abbruch in der ersten Hälfte der Reise, höchstens innerhalb der ersten ${maxDays} Tage.`,
          'Versichert sind die im Versicherungsschein genannten Reisenden, höchstens so viele, wie der Gutschein Personen umfasst.',
        ],
      },
      sum: {
        heading: 'Wie hoch ist die Versicherungssumme?',
        body: [
          'Die Versicherungssumme ist der Preis, der für den Gutschein bezahlt wurde; sie gilt je Gutschein für alle versicherten Reisenden zusammen.',
        ],
      },
      excluded: {
        heading: 'Was ist nicht versichert?',
        body: [
          'Gründe, die bei Abschluss bereits bekannt oder absehbar waren; Krieg, innere Unruhen, Pandemien, die bei Abschluss bereits erklärt waren; vorsätzlich herbeigeführte Ereignisse; Kosten, die der Hotelier erstattet.',
        ],
      },
      premium: {
        heading: 'Wie hoch ist die Prämie?',
        body: [
          'Die Prämie richtet sich nach dem Wert des Gutscheins. Sie wird einmal je Gutschein berechnet und gilt für alle versicherten Reisenden (nicht je Person).',
          ...tariffLines,
        ],
      },
      payment: {
        heading: 'Wann und wie muss ich zahlen?',
        body: [
          `Der Versicherer stellt die Prämie innerhalb von ${billing.invoiceWithinDays} Tagen nach Abschluss gesondert in Rechnung, per Post an die Anschrift der ersten versicherten Person. Sie ist innerhalb von ${billing.paymentTermDays} Tagen nach Rechnungsdatum per Überweisung an den Versicherer zu zahlen. Sie ist nicht Teil der Bestellung im Shop.`,
        ],
      },
      period: {
        heading: 'Wann beginnt und endet die Deckung?',
        body: [
          type === 'cancellation'
            ? 'Der Schutz beginnt mit dem Abschluss und endet mit dem Antritt der Reise, spätestens mit dem Ende der Gültigkeit des Gutscheins.'
            : `Der Schutz beginnt mit dem Antritt der Reise und endet mit dem letzten versicherten Reisetag (erste Hälfte der Reise, höchstens Tag ${maxDays}).`,
        ],
      },
      duties: {
        heading: 'Welche Pflichten habe ich?',
        body: [
          'Zeigen Sie einen Schaden unverzüglich dem Versicherer an, stornieren Sie die Reise beim Hotel so früh wie möglich, um die Kosten gering zu halten, und legen Sie die Nachweise vor (z. B. ärztliches Attest, Rechnung des Hotels).',
        ],
      },
      withdrawal: {
        heading: 'Wie kann ich den Vertrag widerrufen?',
        body: [
          'Sie können Ihre Vertragserklärung innerhalb von 14 Tagen ohne Angabe von Gründen in Textform (z. B. E-Mail) gegenüber dem Versicherer widerrufen. Die Frist beginnt, wenn Sie den Versicherungsschein, diese Bedingungen und dieses Informationsblatt erhalten haben.',
        ],
      },
    }),
    specimen: 'MUSTER – DEMO-VERSICHERER',
  },
  en: {
    titles: { 'product-sheet': 'Insurance product information document', conditions: 'Insurance conditions' },
    types: { cancellation: 'Travel cancellation insurance', curtailment: 'Travel curtailment insurance' },
    insurer: 'Insurer',
    version: 'Version',
    intro: {
      'product-sheet':
        'This sheet gives an overview of the insurance. The complete information is in the insurance conditions.',
      conditions: "These conditions apply to insurance for the shop's hotel vouchers.",
    },
    tariffLine: (upTo, premium) => `Voucher value up to ${upTo}: ${premium} per voucher`,
    sections: (type, billing, tariffLines, maxDays) => ({
      what: {
        heading: 'What type of insurance is this?',
        body: [
          type === 'cancellation'
            ? 'Travel cancellation insurance for the hotel stay booked with the voucher.'
            : 'Travel curtailment insurance for the hotel stay booked with the voucher.',
        ],
      },
      covered: {
        heading: 'What is insured?',
        body: [
          type === 'cancellation'
            ? "The cost of the voucher if an insured person cannot start the trip because of: unexpected serious illness, serious injury from an accident or death (also of a close relative), pregnancy, unexpected loss of one's job or considerable damage to one's property."
            : `The unused travel services if an insured person has to cut the trip short for one of these reasons: unexpected serious illness, serious injury from an accident or death (also of a close relative), considerable damage to one's property. A curtailment within the first half of the trip is covered, at most within its first ${maxDays} days.`,
          'The travellers named in the policy are insured, at most as many as the voucher is for.',
        ],
      },
      sum: {
        heading: 'What is the sum insured?',
        body: [
          'The sum insured is the price paid for the voucher; it applies per voucher to all insured travellers together.',
        ],
      },
      excluded: {
        heading: 'What is not insured?',
        body: [
          'Reasons known or foreseeable when the insurance was taken out; war, civil unrest, pandemics already declared when the insurance was taken out; events caused intentionally; costs the hotel refunds.',
        ],
      },
      premium: {
        heading: 'What is the premium?',
        body: [
          "The premium depends on the voucher's value. It is charged once per voucher and covers all insured travellers (not per person).",
          ...tariffLines,
        ],
      },
      payment: {
        heading: 'When and how do I pay?',
        body: [
          `The insurer bills the premium separately within ${billing.invoiceWithinDays} days of the booking, by post to the address of the first insured person. It is payable to the insurer by bank transfer within ${billing.paymentTermDays} days of the invoice date. It is not part of the shop order.`,
        ],
      },
      period: {
        heading: 'When does the cover start and end?',
        body: [
          type === 'cancellation'
            ? 'Cover starts when the insurance is taken out and ends when the trip starts, at the latest when the voucher expires.'
            : `Cover starts when the trip starts and ends with the last insured day of the trip (its first half, at most day ${maxDays}).`,
        ],
      },
      duties: {
        heading: 'What are my obligations?',
        body: [
          'Report a claim to the insurer without delay, cancel the stay with the hotel as early as possible to keep the costs low, and provide evidence (e.g. a medical certificate, the hotel’s invoice).',
        ],
      },
      withdrawal: {
        heading: 'How can I withdraw from the contract?',
        body: [
          'You may withdraw your declaration within 14 days without giving reasons, in text form (e.g. e-mail) to the insurer. The period starts once you have received the policy, these conditions and this information document.',
        ],
      },
    }),
    specimen: 'SPECIMEN – DEMO INSURER',
  },
  it: {
    titles: {
      'product-sheet': 'Documento informativo relativo al prodotto assicurativo',
      conditions: 'Condizioni di assicurazione',
    },
    types: {
      cancellation: 'Assicurazione annullamento viaggio',
      curtailment: 'Assicurazione interruzione viaggio',
    },
    insurer: 'Assicuratore',
    version: 'Versione',
    intro: {
      'product-sheet':
        'Questo documento offre una panoramica dell’assicurazione. Le informazioni complete sono nelle condizioni di assicurazione.',
      conditions: 'Queste condizioni valgono per le assicurazioni dei voucher alberghieri del negozio.',
    },
    tariffLine: (upTo, premium) => `Valore del voucher fino a ${upTo}: ${premium} per voucher`,
    sections: (type, billing, tariffLines, maxDays) => ({
      what: {
        heading: 'Che tipo di assicurazione è?',
        body: [
          type === 'cancellation'
            ? 'Un’assicurazione annullamento viaggio per il soggiorno prenotato con il voucher.'
            : 'Un’assicurazione interruzione viaggio per il soggiorno prenotato con il voucher.',
        ],
      },
      covered: {
        heading: 'Che cosa è assicurato?',
        body: [
          type === 'cancellation'
            ? 'Il costo del voucher se una persona assicurata non può partire per: malattia grave imprevista, grave infortunio o decesso (anche di un familiare stretto), gravidanza, perdita imprevista del posto di lavoro o danno rilevante ai propri beni.'
            : `I servizi non usufruiti se una persona assicurata deve interrompere il viaggio per uno di questi motivi: malattia grave imprevista, grave infortunio o decesso (anche di un familiare stretto), danno rilevante ai propri beni. È coperta un’interruzione nella prima metà del viaggio, al massimo nei primi ${maxDays} giorni.`,
          'Sono assicurati i viaggiatori indicati nella polizza, al massimo quante sono le persone del voucher.',
        ],
      },
      sum: {
        heading: 'Qual è la somma assicurata?',
        body: [
          'La somma assicurata è il prezzo pagato per il voucher; vale per voucher, per tutti i viaggiatori assicurati insieme.',
        ],
      },
      excluded: {
        heading: 'Che cosa non è assicurato?',
        body: [
          'Motivi già noti o prevedibili alla stipula; guerra, disordini, pandemie già dichiarate alla stipula; eventi causati intenzionalmente; costi rimborsati dall’albergo.',
        ],
      },
      premium: {
        heading: 'Quanto costa il premio?',
        body: [
          'Il premio dipende dal valore del voucher. È dovuto una volta per voucher e vale per tutti i viaggiatori assicurati (non a persona).',
          ...tariffLines,
        ],
      },
      payment: {
        heading: 'Quando e come devo pagare?',
        body: [
          `L’assicuratore fattura il premio separatamente entro ${billing.invoiceWithinDays} giorni dalla stipula, per posta all’indirizzo della prima persona assicurata. Va pagato all’assicuratore con bonifico entro ${billing.paymentTermDays} giorni dalla data della fattura. Non fa parte dell’ordine nel negozio.`,
        ],
      },
      period: {
        heading: 'Quando comincia e quando finisce la copertura?',
        body: [
          type === 'cancellation'
            ? 'La copertura comincia con la stipula e finisce con l’inizio del viaggio, al più tardi alla scadenza del voucher.'
            : `La copertura comincia con l’inizio del viaggio e finisce con l’ultimo giorno assicurato (la prima metà del viaggio, al massimo il giorno ${maxDays}).`,
        ],
      },
      duties: {
        heading: 'Quali obblighi ho?',
        body: [
          'Denunci il sinistro all’assicuratore senza ritardo, annulli il soggiorno presso l’albergo il prima possibile per contenere i costi e presenti i documenti (p. es. certificato medico, fattura dell’albergo).',
        ],
      },
      withdrawal: {
        heading: 'Come posso recedere dal contratto?',
        body: [
          'Può recedere entro 14 giorni senza indicarne i motivi, per iscritto (p. es. e-mail) all’assicuratore. Il termine decorre dal ricevimento della polizza, di queste condizioni e di questo documento informativo.',
        ],
      },
    }),
    specimen: 'FACSIMILE – ASSICURATORE DEMO',
  },
};

const ink = '#1f1f1f';
const muted = '#5f6368';
const margin = 56;

export function renderInsuranceInformationPdf(input: InsuranceInformationPdfInput): PDFKit.PDFDocument {
  const t = informationTexts[input.locale];
  const tariffLines = [...input.tariffs]
    .sort((a, b) => a.upToCents - b.upToCents)
    .map((band) =>
      t.tariffLine(
        formatCents(band.upToCents, input.locale),
        formatCents(
          input.type === 'cancellation' ? band.cancellationCents : band.curtailmentCents,
          input.locale,
        ),
      ),
    );
  const all = t.sections(input.type, input.insurer, tariffLines, input.maxCoveredDays);
  const sections =
    input.kind === 'product-sheet'
      ? [
          all.what,
          all.covered,
          all.sum,
          all.excluded,
          all.premium,
          all.payment,
          all.period,
          all.duties,
          all.withdrawal,
        ]
      : [
          all.covered,
          all.sum,
          all.excluded,
          all.period,
          all.premium,
          all.payment,
          all.duties,
          all.withdrawal,
        ].map((section, index) => ({ ...section, heading: `§ ${index + 1} ${section.heading}` }));

  const title = `${t.titles[input.kind]}: ${t.types[input.type]}`;
  const doc = createPdfDocument({
    locale: input.locale,
    createdAt: insuranceConditionsVersion.date,
    title: input.specimen
      ? `${input.insurer.name} – ${title} (${t.specimen})`
      : `${input.insurer.name} – ${title}`,
    author: input.insurer.name,
    subject: title,
    margins: { top: margin, bottom: 56, left: margin, right: margin },
    bufferPages: true,
  });
  const colours = brandColours(input.brand.primaryColor);
  const left = margin;
  const width = doc.page.width - 2 * margin;

  doc.font(fontBold).fontSize(17).fillColor(ink).text(t.titles[input.kind], left, margin, { width });
  doc.font(fontBold).fontSize(13).fillColor(colours.text).text(t.types[input.type], { width });
  doc.moveDown(0.4);
  doc
    .font(fontRegular)
    .fontSize(9.5)
    .fillColor(muted)
    .text(`${t.insurer}: ${input.insurer.name}, ${input.insurer.address}`, { width })
    .text(`${t.version}: ${insuranceConditionsVersion.label}`, { width });
  doc.moveDown(0.6);
  doc.font(fontRegular).fontSize(10).fillColor(ink).text(t.intro[input.kind], { width, lineGap: 2 });

  for (const section of sections) {
    doc.moveDown(0.8);
    doc.font(fontBold).fontSize(11).fillColor(colours.text).text(section.heading, left, doc.y, { width });
    doc.moveDown(0.2);
    doc.font(fontRegular).fontSize(10).fillColor(ink);
    for (const paragraph of section.body) {
      doc.text(paragraph, left, doc.y, { width, lineGap: 2 });
      doc.moveDown(0.2);
    }
  }

  const pages = doc.bufferedPageRange();
  for (let index = pages.start; index < pages.start + pages.count; index++) {
    doc.switchToPage(index);
    // Below the bottom margin: no automatic new page for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(fontRegular).fontSize(8).fillColor(muted);
    doc.text(
      `${input.insurer.name} · ${input.brand.name} · ${input.brand.website}`,
      left,
      doc.page.height - 40,
      {
        width,
        align: 'center',
        lineBreak: false,
      },
    );
    doc.page.margins.bottom = bottom;
    if (input.specimen) drawSpecimenWatermark(doc, t.specimen);
  }
  doc.end();
  return doc;
}
