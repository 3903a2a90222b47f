import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { repoRoot } from './config.ts';

/**
 * Finds test data through the public API of the running shop (default brand) instead of hard-coding
 * ids: the demo catalogue may change, the journeys should not have to.
 */

type OfferSummary = {
  id: number;
  slug: string;
  display: string;
  price: { total: number };
  contact: { name: string; slug: string; city: string; country: { iso: string; name: string } };
  isSoldOut: boolean;
};
type Variant = {
  id: number;
  nights: number;
  persons: number;
  piecesLeft: number | null;
  isSoldOut: boolean;
  price: { total: number; display: string };
  perPersonAndNight: { total: number; display: string };
};
export type Offer = {
  id: number;
  slug: string;
  title: string;
  contact: { slug: string; name: string };
  variants: Variant[];
  images: { url: string }[];
  isSoldOut: boolean;
};

/** A call to the running shop's API (default brand) in `locale`. */
export async function api<T>(apiPath: string, body?: unknown, locale = 'de'): Promise<T> {
  const response = await fetch(`${inject('e2e').baseUrl}${apiPath}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'accept-language': locale,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${apiPath}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** Every offer summary of the default brand (a few search pages). */
export async function allOffers(): Promise<OfferSummary[]> {
  const offers: OfferSummary[] = [];
  for (let page = 1; page <= 50; page++) {
    const result = await api<{ items: OfferSummary[]; total: number }>('/api/offer/search', {
      sort: 'newest',
      page,
      pageSize: 48,
      facets: false,
    });
    offers.push(...result.items);
    if (result.items.length === 0 || offers.length >= result.total) break;
  }
  return offers;
}

export const offerPath = (offer: { slug: string; contact: { slug: string } }) =>
  `/urlaub/${offer.contact.slug}/${offer.slug}`;

export async function offerById(id: number, locale = 'de'): Promise<Offer> {
  return api<Offer>(`/api/offer?id=${id}`, undefined, locale);
}

/** The offer behind an offer page's address (`/urlaub/<hotel>/<slug>`). */
export async function offerAt(path: string, locale = 'de'): Promise<Offer> {
  const slug = path.split('/').pop() ?? '';
  return api<Offer>(`/api/offer/slug/${encodeURIComponent(slug)}`, undefined, locale);
}

/** An offer that is sold out as a whole. */
export async function soldOutOffer(): Promise<Offer> {
  const summary = (await allOffers()).find((offer) => offer.isSoldOut);
  if (!summary) throw new Error('the demo catalogue has no sold-out offer');
  return offerById(summary.id);
}

/** An offer on sale with a variant of which only a few pieces are left. */
export async function offerWithFewPiecesLeft(): Promise<Offer> {
  for (const summary of await allOffers()) {
    if (summary.isSoldOut) continue;
    const offer = await offerById(summary.id);
    if (offer.variants.some((variant) => !variant.isSoldOut && variant.piecesLeft !== null)) return offer;
  }
  throw new Error('the demo catalogue has no offer with only a few pieces left');
}

/** An offer on sale with every variant in stock and no pieces-left notice. */
export async function offerWithoutNotices(): Promise<Offer> {
  for (const summary of await allOffers()) {
    if (summary.isSoldOut) continue;
    const offer = await offerById(summary.id);
    // With pictures: the back-office import journey adds an offer without any to the shared catalogue,
    // and the journeys that take this one look at the gallery.
    if (offer.images.length === 0) continue;
    if (offer.variants.every((variant) => !variant.isSoldOut && variant.piecesLeft === null)) return offer;
  }
  throw new Error('the demo catalogue has no offer without stock notices');
}

/** The navigation's destinations and themes (what the top-bar dropdowns list). */
export async function menu(locale = 'de') {
  return api<{
    countries: { key: string; value: string }[];
    themes: { key: number; value: string | null }[];
  }>('/api/menu', undefined, locale);
}

/** The brand's content pages and which of them the footer lists. */
export async function contentPages(locale = 'de') {
  return api<{
    pages: { slug: string; name: string; title: string }[];
    extensionPoints: { footerMenu: string[] };
  }>('/api/content', undefined, locale);
}

/** The demo brands' static configuration (assets/brands/<short>/config.json), as the shop reads it. */
export type BrandConfig = {
  short: string;
  storeName: string;
  logo: { url: string; alt: string };
  colors: { primary: string };
  supportPhone: string;
  hasCookieConsent: boolean;
  showHeader: boolean;
  locales?: string[];
  hero: Record<string, { title: string; subtitle: string }>;
  landingPages: { path: string; promotion: string }[];
};

export function brandConfigs(): BrandConfig[] {
  const dir = path.join(repoRoot, 'assets', 'brands');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(
      (entry) => JSON.parse(readFileSync(path.join(dir, entry.name, 'config.json'), 'utf8')) as BrandConfig,
    )
    .sort((a, b) => a.short.localeCompare(b.short));
}

/** "€ 1.299,-" / "€ 1.299,50" (de, it) or "€ 1,299.00" (en) → cents. */
export function parsePrice(text: string, locale = 'de'): number {
  const match = /€\s*([\d.,]+)(,-)?/.exec(text);
  if (!match?.[1]) throw new Error(`no price in "${text}"`);
  const digits =
    locale === 'en'
      ? match[1].replace(/,/g, '')
      : match[1].replace(/\./g, '').replace(/,$/, '').replace(',', '.');
  return Math.round(Number(digits) * 100);
}

/** The shop's price format in German and Italian (SPEC §9): "€ 54,-", "€ 1.299,-", "€ 12,50". */
export const germanPrice = /€ \d{1,3}(\.\d{3})*,(-|\d{2})/;

/** The 410 answer of an offer no longer sold (switched off or its sale period over). */
export type GoneOffer = {
  offer: { id: number; slug: string; title: string };
  hotel: { slug: string; name: string };
  destination: { iso: string; name: string };
  alternatives: { hotel: OfferSummary[]; destination: OfferSummary[] };
};

/**
 * The first offer of the default brand that answers 410 (old newsletter and partner links lead there).
 * Gone offers are in no list, so the ids are tried in turn.
 */
export async function goneOffer(): Promise<GoneOffer> {
  const lastId = Math.max(...(await allOffers()).map((offer) => offer.id)) + 100;
  for (let id = 1; id <= lastId; id++) {
    const response = await fetch(`${inject('e2e').baseUrl}/api/offer?id=${id}`, {
      headers: { 'accept-language': 'de' },
    });
    if (response.status === 410) return (await response.json()) as GoneOffer;
  }
  throw new Error('the demo catalogue has no offer that is no longer sold');
}

/** An offer's terms as the API answers them (GET /api/offer/data). */
export type OfferTermsData = {
  board: { short: string } | null;
  terms: {
    arrivalDays: number[];
    children: { isAllowed: boolean } | null;
    pets: { policy: string } | null;
    blackoutPeriods: { display: string }[];
    inclusions: { code: string; label: string }[];
  };
};

export async function offerData(id: number, locale = 'de'): Promise<OfferTermsData> {
  return api<OfferTermsData>(`/api/offer/data?id=${id}`, undefined, locale);
}
