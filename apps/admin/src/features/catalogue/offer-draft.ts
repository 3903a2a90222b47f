import type { AdminOffer, NewOffer, OfferInput } from '@shop/contracts/admin-catalogue';
import type {
  blackoutReasons,
  inclusionCodes,
  inclusionUnits,
  petsPolicies,
} from '@shop/contracts/catalogue';
import { centsOfEuros, eurosForInput, eurosPattern } from '../../lib/euros.ts';
import { pictureUrl } from './api/catalogue.ts';
import { emptyTranslated, type FieldMessages, type Translated, wholeNumber } from './form-bits.tsx';
import type { Picture } from './picture-editor.tsx';

/** The offer form's values as typed: numbers and amounts stay text until the form is sent. */
export type OfferDraft = {
  hotelId: number | null;
  hotelName: string;
  slug: string;
  /** '' = every brand. */
  brand: string;
  title: Translated;
  subtitle: Translated;
  boardCode: string;
  themeIds: number[];
  pictures: Picture[];
  isActive: boolean;
  saleEndsOn: string;
  arrivalDays: number[];
  minStayNights: string;
  /** '' = not stated. */
  children: '' | 'allowed' | 'not-allowed';
  childrenMinimumAge: string;
  childrenBands: { fromAge: number; toAge: number; pricePercent: number }[];
  pets: '' | (typeof petsPolicies)[number];
  petsFee: string;
  blackoutPeriods: { from: string; to: string; reason: (typeof blackoutReasons)[number] }[];
  inclusions: {
    code: (typeof inclusionCodes)[number];
    quantity: string;
    per: (typeof inclusionUnits)[number];
  }[];
  texts: { position: string; title: Translated; body: Translated }[];
  variants: VariantDraft[];
};

export type VariantDraft = {
  nights: string;
  persons: string;
  price: string;
  original: string;
  stock: string;
  /** The net rate paid to the hotel per redeemed voucher, in euros; empty: not agreed yet. */
  net: string;
};

export const emptyVariant = (): VariantDraft => ({
  nights: '2',
  persons: '2',
  price: '',
  original: '',
  stock: '10',
  net: '',
});

export function emptyOffer(brand: string): OfferDraft {
  return {
    hotelId: null,
    hotelName: '',
    slug: '',
    brand,
    title: emptyTranslated(),
    subtitle: emptyTranslated(),
    boardCode: '',
    themeIds: [],
    pictures: [],
    isActive: true,
    saleEndsOn: '',
    arrivalDays: [],
    minStayNights: '',
    children: '',
    childrenMinimumAge: '',
    childrenBands: [],
    pets: '',
    petsFee: '',
    blackoutPeriods: [],
    inclusions: [],
    texts: [],
    variants: [emptyVariant()],
  };
}

export function offerDraftOf(offer: AdminOffer, locale: string): OfferDraft {
  return {
    hotelId: offer.hotelId,
    hotelName: offer.hotelName,
    slug: offer.slug,
    brand: offer.brand ?? '',
    title: offer.title,
    subtitle: offer.subtitle,
    boardCode: offer.boardCode ?? '',
    themeIds: offer.themeIds,
    pictures: offer.pictures.map((seed) => ({ seed, url: pictureUrl(seed) })),
    isActive: offer.isActive,
    saleEndsOn: offer.saleEndsOn ?? '',
    arrivalDays: offer.arrivalDays,
    minStayNights: offer.minStayNights === null ? '' : String(offer.minStayNights),
    children: offer.children === null ? '' : offer.children.isAllowed ? 'allowed' : 'not-allowed',
    childrenMinimumAge: offer.children?.minimumAge == null ? '' : String(offer.children.minimumAge),
    childrenBands: offer.children?.bands ?? [],
    pets: offer.pets?.policy ?? '',
    petsFee: offer.pets?.feePerNightCents == null ? '' : eurosForInput(offer.pets.feePerNightCents, locale),
    blackoutPeriods: offer.blackoutPeriods,
    inclusions: offer.inclusions.map((inclusion) => ({ ...inclusion, quantity: String(inclusion.quantity) })),
    texts: offer.texts.map((text) => ({
      position: text.position === null ? '' : String(text.position),
      title: text.title,
      body: text.body,
    })),
    variants: [],
  };
}

/** The saved offer as its form would send it (switching it off sends this with `isActive: false`). */
export function offerInputOfSaved(offer: AdminOffer): OfferInput {
  const { id: _id, hotelName: _hotel, variants: _variants, shopPath: _path, ...input } = offer;
  return input;
}

const money = (value: string) => (eurosPattern.test(value.trim()) ? centsOfEuros(value) : null);

/**
 * The draft as the API's input, or the fields that cannot be read (amounts are checked here: the
 * server sees cents and could not say which typed text was wrong).
 */
export function offerInputOf(
  draft: OfferDraft,
  messages: { euros: string; number: string },
): { input: NewOffer; errors: FieldMessages } {
  const errors: FieldMessages = {};
  const whole = (value: string, field: string, optional = false): number | null => {
    const number = wholeNumber(value);
    if (number === null && !(optional && value.trim() === '')) errors[field] = messages.number;
    return number;
  };
  const cents = (value: string, field: string, optional = false): number | null => {
    const amount = money(value);
    if (amount === null && !(optional && value.trim() === '')) errors[field] = messages.euros;
    return amount;
  };
  const petsFee = draft.pets ? cents(draft.petsFee, 'pets.feePerNightCents', true) : null;
  const input: NewOffer = {
    hotelId: draft.hotelId ?? 0,
    ...(draft.slug.trim() ? { slug: draft.slug.trim() } : {}),
    brand: draft.brand || null,
    title: draft.title,
    subtitle: draft.subtitle,
    boardCode: draft.boardCode || null,
    themeIds: draft.themeIds,
    pictures: draft.pictures.map((picture) => picture.seed),
    isActive: draft.isActive,
    saleEndsOn: draft.saleEndsOn || null,
    arrivalDays: draft.arrivalDays,
    minStayNights: whole(draft.minStayNights, 'minStayNights', true),
    children: draft.children
      ? {
          isAllowed: draft.children === 'allowed',
          minimumAge: whole(draft.childrenMinimumAge, 'children.minimumAge', true),
          bands: draft.childrenBands,
        }
      : null,
    pets: draft.pets ? { policy: draft.pets, feePerNightCents: petsFee } : null,
    blackoutPeriods: draft.blackoutPeriods,
    inclusions: draft.inclusions.map((inclusion, index) => ({
      ...inclusion,
      quantity: whole(inclusion.quantity, `inclusions.${index}.quantity`) ?? 1,
    })),
    texts: draft.texts.map((text, index) => ({
      position: whole(text.position, `texts.${index}.position`, true),
      title: text.title,
      body: text.body,
    })),
    variants: draft.variants.map((variant, index) => ({
      nights: whole(variant.nights, `variants.${index}.nights`) ?? 1,
      persons: whole(variant.persons, `variants.${index}.persons`) ?? 1,
      priceCents: cents(variant.price, `variants.${index}.priceCents`) ?? 0,
      originalPriceCents: cents(variant.original, `variants.${index}.originalPriceCents`, true) ?? 0,
      stock: whole(variant.stock, `variants.${index}.stock`) ?? 0,
      netRateCents: cents(variant.net, `variants.${index}.netRateCents`, true),
    })),
  };
  return { input, errors };
}

/** A variant row's typed amounts as a change, or the fields that cannot be read. */
export function variantValuesOf(
  variant: VariantDraft,
  messages: { euros: string; number: string },
): {
  values: {
    nights: number;
    persons: number;
    priceCents: number;
    originalPriceCents: number;
    stock: number;
    netRateCents: number | null;
  };
  errors: FieldMessages;
} {
  const { input, errors } = offerInputOf({ ...emptyOffer(''), variants: [variant] }, messages);
  const parsed = input.variants[0]!;
  const values = { ...parsed, netRateCents: parsed.netRateCents ?? null };
  const rowErrors: FieldMessages = {};
  for (const [field, message] of Object.entries(errors)) {
    if (field.startsWith('variants.0.')) rowErrors[field.slice('variants.0.'.length)] = message;
  }
  return { values, errors: rowErrors };
}
