/**
 * The keys of our own validation messages: a schema carries one as its issue's message, and
 * messages.ts words it in the caller's language.
 */
export const messageKeys = {
  positiveInteger: 'positiveInteger',
  pageRange: 'pageRange',
  pageSizeRange: 'pageSizeRange',
  slug: 'slug',
  decimal: 'decimal',
  countryCode: 'countryCode',
  minAboveMax: 'minAboveMax',
  searchWindow: 'searchWindow',
  required: 'required',
  email: 'email',
  maxLength: 'maxLength',
  oneOf: 'oneOf',
  invalid: 'invalid',
  phone: 'phone',
  postcode: 'postcode',
  acceptTerms: 'acceptTerms',
  giftCardCode: 'giftCardCode',
  giftCardTanOrId: 'giftCardTanOrId',
  providerReference: 'providerReference',
  unsafeText: 'unsafeText',
  minLength: 'minLength',
  confirmed: 'confirmed',
  currentPassword: 'currentPassword',
  orderLink: 'orderLink',
  orderLinkHost: 'orderLinkHost',
  reportRange: 'reportRange',
  noAddressInNote: 'noAddressInNote',
  voucherCode: 'voucherCode',
  departureAfterArrival: 'departureAfterArrival',
} as const;
export type MessageKey = keyof typeof messageKeys;
