import type { Locale } from '@shop/contracts/locale';

/** What the storefront's server hands every loader: the API, the request's brand and language. */
export type ShopContext = {
  /** Calls the shop API in-process (no network hop) with the request's host and language. */
  api: <T>(path: string, init?: ApiInit) => Promise<ApiResult<T>>;
  brand: BrandConfig;
  locale: Locale;
  /** The brand's canonical origin (canonical URLs, hreflang, Open Graph), never the request's Host. */
  origin: string;
  /** Payments are simulated (PAYMENTS_MODE=sandbox): every page says so. */
  isPaymentSandbox: boolean;
};

/** `locale` asks in another language than the page's (e.g. canonical names for a sitemap-stable URL). */
export type ApiInit = { method?: 'GET' | 'POST'; body?: unknown; locale?: Locale };

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; data: unknown };

/** The brand's static configuration (SPEC §1), as served from the asset host. */
export type BrandConfig = {
  short: string;
  storeName: string;
  company: string;
  assetUrl: string;
  logo: { url: string; alt: string; width: number; height: number };
  colors: { primary: string; primaryContrast: string; accent: string; accentContrast: string };
  supportMail: string;
  supportPhone: string;
  hasCookieConsent: boolean;
  hasNewsletterOptin: boolean;
  isStandalone: boolean;
  showHeader: boolean;
  fixedNavbar: boolean;
  locales: Locale[] | null;
  hero: Partial<Record<Locale, { title: string; subtitle: string }>>;
  /**
   * The hero picture's source: `/media/<seed>` names a generated demo picture. The media route
   * `/media/hero/<short>/<size>.webp` renders it at each `heroImageResolution` size.
   */
  heroImage: string;
  heroImageResolution: Record<
    'xl' | 'l' | 'm' | 's' | 'xs',
    { width: number; height: number; crop: boolean }
  >;
  /** Extra top-level routes ("/ostern") that show a promotion's offers on the search screen. */
  landingPages: { path: string; promotion: string }[];
  campaignsEnabled: boolean;
  /** Map tiles for /urlaub/karte: a `{z}/{x}/{y}` URL template; unset = OpenStreetMap's tile server. */
  mapTileUrl?: string | null;
  /** The tile provider's required credit, shown on the map; unset with the default tiles = OpenStreetMap's. */
  mapTileAttribution?: string | null;
  analyticsId: string | null;
  analyticsType: 'gtag' | 'ua' | 'both' | null;
  awinId: string | null;
  adcell: string | null;
  tagManager: string | null;
  fbPixel: string | null;
  /**
   * Gift cards and account credit at checkout (SPEC §9: the feature flag, off unless a brand turns it on).
   * The server refuses gift-card calls for brands without it.
   */
  hasGiftCards?: boolean;
  /** Partner brands whose members give their membership number at checkout (optional, checked by pattern). */
  membershipNumber?: { pattern: string } | null;
  /** The selling company as invoices must name it (server only: invoices). */
  legal?: {
    name: string;
    street: string;
    postcode: string;
    city: string;
    country: string;
    vatId: string;
    taxNumber: string | null;
    register: string | null;
    managingDirectors: string | null;
  };
  /**
   * How the brand's invoices treat VAT on vouchers (docs/decisions/015): a rate for single-purpose
   * vouchers, null for multi-purpose ones, and the note the invoice prints.
   */
  voucherVat?: { rateBasisPoints: number | null; note: Record<Locale, string> };
};
