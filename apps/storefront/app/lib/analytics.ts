import { readStored, storageKeys } from './browser-storage.ts';

/** GA4 ecommerce events the shop reports (SPEC §1: impressions, click, view, cart, checkout, purchase). */
export type EcommerceEvent =
  | 'view_item_list'
  | 'select_item'
  | 'view_item'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'begin_checkout'
  | 'purchase';

/** One product in GA4's ecommerce shape; prices in euros (GA4 wants units, the shop keeps cents). */
export type EcommerceItem = {
  item_id: string;
  item_name: string;
  item_variant?: string;
  item_brand?: string;
  item_list_name?: string;
  index?: number;
  price: number;
  quantity?: number;
};

export type EcommercePayload = {
  currency?: string;
  value?: number;
  items: EcommerceItem[];
  item_list_name?: string;
  transaction_id?: string;
  coupon?: string;
};

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/**
 * SPEC §4: analytics runs only after the visitor allowed all cookies (the banner stores 'true');
 * before an answer, after "just necessary" or where storage is blocked, nothing is reported.
 */
export function isAnalyticsAllowed(): boolean {
  return typeof window !== 'undefined' && readStored(storageKeys.cookieConsent) === 'true';
}

/** Pushes one event to `window.dataLayer` (tag manager / gtag read it); `extra` adds top-level keys. */
export function trackEcommerce(
  event: EcommerceEvent,
  ecommerce: EcommercePayload,
  extra: Record<string, unknown> = {},
): void {
  if (!isAnalyticsAllowed()) return;
  const target = window as DataLayerWindow;
  target.dataLayer ??= [];
  // GA4 merges ecommerce objects of consecutive pushes unless the previous one is cleared first.
  target.dataLayer.push({ ecommerce: null });
  target.dataLayer.push({ event, ecommerce: { currency: 'EUR', ...ecommerce }, ...extra });
}

export const toEuros = (cents: number) => Math.round(cents) / 100;

/** The variant as GA4's item_variant: "3N/2P" (nights, persons). */
export const variantName = (nights: number, persons: number) => `${nights}N/${persons}P`;
