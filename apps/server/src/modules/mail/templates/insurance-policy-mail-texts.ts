import type { Locale } from '@shop/contracts/locale';

type CoverType = 'cancellation' | 'curtailment';

/** The insurer's billing terms (the brand config's `insurance.insurer`), as the form showed them. */
export type PremiumBilling = { insurer: string; invoiceWithinDays: number; paymentTermDays: number };

/**
 * What a buyer reads in the confirmation of a travel insurance policy, addressed formally ("Sie",
 * "Lei") like the other mails. The curtailment cover states SPEC §9's rule and its days for this trip.
 */
export type InsurancePolicyMailTexts = {
  greeting: (name: string) => string;
  signOff: string;
  team: (brand: string) => string;
  footer: { questions: string; email: string; phone: string };
  subject: (policyNumber: string) => string;
  preview: (type: string) => string;
  heading: string;
  types: Record<CoverType, string>;
  intro: (type: string, voucherCode: string) => string;
  policyNumber: string;
  voucher: string;
  travellers: string;
  premium: string;
  cover: (type: CoverType, coveredDays: number | null) => string;
  /** Who bills the premium, how and when; without the insurer's terms, only who. */
  premiumNote: (billing: PremiumBilling | null) => string;
  attachment: string;
  download: string;
  orderButton: string;
};

const de: InsurancePolicyMailTexts = {
  greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
  signOff: 'Herzliche Grüße',
  team: (brand) => `Ihr Team von ${brand}`,
  footer: { questions: 'Fragen? Wir helfen Ihnen gern.', email: 'E-Mail', phone: 'Telefon' },
  subject: (policyNumber) => `Ihre Reiseversicherung ${policyNumber}`,
  preview: (type) => `Ihre ${type} ist abgeschlossen.`,
  heading: 'Ihre Reiseversicherung ist abgeschlossen',
  types: { cancellation: 'Reiserücktrittsversicherung', curtailment: 'Reiseabbruchversicherung' },
  intro: (type, code) => `vielen Dank: Ihre ${type} für den Gutschein ${code} ist abgeschlossen.`,
  policyNumber: 'Policennummer',
  voucher: 'Gutschein',
  travellers: 'Versicherte Reisende',
  premium: 'Prämie',
  cover: (type, days) =>
    type === 'cancellation'
      ? 'Versichert sind die Reisekosten, wenn Sie die Reise aus einem versicherten Grund nicht antreten können.'
      : `Versichert ist ein Reiseabbruch innerhalb der ersten Hälfte der Reise, höchstens der ersten 8 Tage: bei dieser Reise bis einschließlich Tag ${days}.`,
  premiumNote: (billing) =>
    billing
      ? `Die Prämie zahlen Sie an ${billing.insurer}, nicht an uns: Sie erhalten die Rechnung innerhalb von ${billing.invoiceWithinDays} Tagen per Post an die Anschrift des ersten Reisenden und überweisen die Prämie innerhalb von ${billing.paymentTermDays} Tagen. Ihre Bestellung ändert sich nicht.`
      : 'Die Prämie ist an den Versicherer zu zahlen, der sie Ihnen gesondert in Rechnung stellt; Ihre Bestellung ändert sich nicht.',
  attachment: 'Den Versicherungsschein finden Sie im Anhang dieser E-Mail.',
  download: 'Versicherungsschein herunterladen (PDF)',
  orderButton: 'Zur Bestellung',
};

const en: InsurancePolicyMailTexts = {
  greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
  signOff: 'Kind regards',
  team: (brand) => `Your ${brand} team`,
  footer: { questions: 'Questions? We are happy to help.', email: 'Email', phone: 'Phone' },
  subject: (policyNumber) => `Your travel insurance ${policyNumber}`,
  preview: (type) => `Your ${type} is in place.`,
  heading: 'Your travel insurance is in place',
  types: { cancellation: 'travel cancellation insurance', curtailment: 'travel curtailment insurance' },
  intro: (type, code) => `thank you: your ${type} for voucher ${code} is in place.`,
  policyNumber: 'Policy number',
  voucher: 'Voucher',
  travellers: 'Insured travellers',
  premium: 'Premium',
  cover: (type, days) =>
    type === 'cancellation'
      ? 'The travel costs are covered if you cannot start the trip for an insured reason.'
      : `A curtailment within the first half of the trip, at most its first 8 days, is covered: for this trip, up to and including day ${days}.`,
  premiumNote: (billing) =>
    billing
      ? `You pay the premium to ${billing.insurer}, not to us: the invoice comes by post to the first traveller's address within ${billing.invoiceWithinDays} days, and the premium is paid by bank transfer within ${billing.paymentTermDays} days. Your order does not change.`
      : 'The premium is payable to the insurer, which bills you for it separately; your order does not change.',
  attachment: 'The policy document is attached to this email.',
  download: 'Download the policy (PDF)',
  orderButton: 'View your order',
};

const it: InsurancePolicyMailTexts = {
  greeting: (name) => (name ? `Gentile ${name},` : 'Buongiorno,'),
  signOff: 'Cordiali saluti',
  team: (brand) => `Il team di ${brand}`,
  footer: { questions: 'Domande? Siamo a Sua disposizione.', email: 'E-mail', phone: 'Telefono' },
  subject: (policyNumber) => `La Sua assicurazione di viaggio ${policyNumber}`,
  preview: (type) => `La Sua ${type} è attiva.`,
  heading: 'La Sua assicurazione di viaggio è attiva',
  types: {
    cancellation: 'assicurazione annullamento viaggio',
    curtailment: 'assicurazione interruzione viaggio',
  },
  intro: (type, code) => `La ringraziamo: la Sua ${type} per il voucher ${code} è attiva.`,
  policyNumber: 'Numero di polizza',
  voucher: 'Voucher',
  travellers: 'Viaggiatori assicurati',
  premium: 'Premio',
  cover: (type, days) =>
    type === 'cancellation'
      ? 'Sono coperti i costi del viaggio se non può partire per un motivo assicurato.'
      : `È coperta l’interruzione del viaggio nella prima metà, al massimo nei primi 8 giorni: per questo viaggio, fino al giorno ${days} incluso.`,
  premiumNote: (billing) =>
    billing
      ? `Il premio è dovuto a ${billing.insurer}, non a noi: la fattura Le arriverà per posta all’indirizzo del primo viaggiatore entro ${billing.invoiceWithinDays} giorni e il premio si paga con bonifico entro ${billing.paymentTermDays} giorni. Il Suo ordine non cambia.`
      : 'Il premio è dovuto all’assicuratore, che Le invierà una fattura separata; il Suo ordine non cambia.',
  attachment: 'Trova la polizza in allegato a questa e-mail.',
  download: 'Scarica la polizza (PDF)',
  orderButton: 'Vai all’ordine',
};

export const insurancePolicyMailTexts: Record<Locale, InsurancePolicyMailTexts> = { de, en, it };
