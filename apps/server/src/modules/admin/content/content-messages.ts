import type { Locale } from '@shop/contracts/locale';

/** What the content routes' refusals say beyond their problem type's title, in the member's language. */
export const contentMessages: Record<
  Locale,
  {
    slugTaken: string;
    nameTaken: string;
    slugOwnedByShop: string;
    unknownPage: (name: string) => string;
    twice: (name: string) => string;
    defaultPages: string;
  }
> = {
  de: {
    slugTaken: 'Eine andere Seite dieser Marke und Sprache hat schon diese Adresse.',
    nameTaken: 'Eine andere Seite dieser Marke und Sprache hat schon diesen Namen.',
    slugOwnedByShop: 'Diese Adresse gehört dem Shop selbst (z. B. Kasse oder Kundenkonto).',
    unknownPage: (name) => `Eine Seite „${name}“ gibt es für diese Marke nicht.`,
    twice: (name) => `„${name}“ steht schon in der Liste.`,
    defaultPages: 'Die Standardseiten aller Marken ändern nur Betreiber.',
  },
  en: {
    slugTaken: 'Another page of this brand and language already has this address.',
    nameTaken: 'Another page of this brand and language already has this name.',
    slugOwnedByShop: 'This address belongs to the shop itself (e.g. the checkout or the account).',
    unknownPage: (name) => `This brand has no page “${name}”.`,
    twice: (name) => `“${name}” is in the list already.`,
    defaultPages: 'Only operators change the default pages of every brand.',
  },
  it: {
    slugTaken: 'Un’altra pagina di questo marchio e lingua ha già questo indirizzo.',
    nameTaken: 'Un’altra pagina di questo marchio e lingua ha già questo nome.',
    slugOwnedByShop: 'Questo indirizzo appartiene al negozio stesso (ad es. la cassa o l’account).',
    unknownPage: (name) => `Questo marchio non ha una pagina «${name}».`,
    twice: (name) => `«${name}» è già nell’elenco.`,
    defaultPages: 'Solo gli operatori modificano le pagine predefinite di tutti i marchi.',
  },
};
