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

type AnalyticsWindow = Window & { dataLayer?: unknown[] };

/** Google Consent Mode v2: the four signals tags in the EU read before they store or send anything. */
const consentSignals = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'] as const;
const signalsAll = (value: 'granted' | 'denied') =>
  Object.fromEntries(consentSignals.map((signal) => [signal, value]));

/** Set by `startAnalytics` (features/consent, only after the visitor allowed all cookies). */
let started: { sendsGtagEvents: boolean } | null = null;

/**
 * The page's `window.dataLayer`, where gtag.js and the tag manager read commands and events: it lives
 * in the page's memory only, so it may exist before consent; nothing leaves the page through it.
 */
function dataLayer(): unknown[] {
  const target = window as AnalyticsWindow;
  target.dataLayer ??= [];
  return target.dataLayer;
}

/**
 * Google's `gtag()`: gtag.js only reads what arrives as an `arguments` object (not an array), so this
 * must stay a plain function that pushes its own `arguments`.
 */
export function gtag(..._command: unknown[]): void {
  // biome-ignore lint/complexity/noArguments: gtag.js recognises its commands by the Arguments object
  dataLayer().push(arguments);
}

/**
 * The visitor allowed all cookies (SPEC §4): Consent Mode's defaults (all denied, as for every visitor
 * before an answer) and then the update to granted go into the dataLayer before any tag is loaded, so
 * that every tag reads the consent before its first hit. `sendsGtagEvents`: a GA4 tag (gtag.js) is
 * configured, which reads ecommerce events as gtag('event') commands rather than dataLayer objects.
 */
export function startAnalytics(options: { sendsGtagEvents: boolean }): void {
  if (started) return;
  gtag('consent', 'default', { ...signalsAll('denied'), wait_for_update: 500 });
  gtag('consent', 'update', signalsAll('granted'));
  started = options;
}

/**
 * The visitor withdrew consent: Consent Mode's update to denied, and Google's per-property opt-out flag
 * (`ga-disable-<id>`), which gtag.js and analytics.js check before every hit. Events stop at once.
 */
export function stopAnalytics(analyticsIds: string[]): void {
  if (!started) return;
  gtag('consent', 'update', signalsAll('denied'));
  // Google's opt-out flag per property, read by gtag.js and analytics.js before each hit.
  for (const id of analyticsIds) Reflect.set(window, `ga-disable-${id}`, true);
  started = null;
}

/**
 * SPEC §4: analytics runs only after the visitor allowed all cookies (the banner stores 'true') on a
 * brand that asks for consent; before an answer, after "just necessary", where storage is blocked and on
 * brands without a banner, nothing is reported.
 */
export function isAnalyticsAllowed(): boolean {
  return (
    typeof window !== 'undefined' && started !== null && readStored(storageKeys.cookieConsent) === 'true'
  );
}

/**
 * Reports one ecommerce event: as a dataLayer object (what tag managers read) and, where a GA4 tag is
 * configured, as gtag's event command. `extra` adds top-level keys to the dataLayer object.
 */
export function trackEcommerce(
  event: EcommerceEvent,
  ecommerce: EcommercePayload,
  extra: Record<string, unknown> = {},
): void {
  if (!isAnalyticsAllowed()) return;
  const payload = { currency: 'EUR', ...ecommerce };
  // GA4 merges ecommerce objects of consecutive pushes unless the previous one is cleared first.
  dataLayer().push({ ecommerce: null });
  dataLayer().push({ event, ecommerce: payload, ...extra });
  if (started?.sendsGtagEvents) gtag('event', event, payload);
}

export const toEuros = (cents: number) => Math.round(cents) / 100;

/** The variant as GA4's item_variant: "3N/2P" (nights, persons). */
export const variantName = (nights: number, persons: number) => `${nights}N/${persons}P`;
