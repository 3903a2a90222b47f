import type { BrandConfig } from './brand-config.ts';
import type { Locale } from './locale.ts';
import type { MapTiles } from './map-tiles.ts';

/**
 * The load context the server (modules/storefront) hands the storefront's React Router build: every
 * loader reads the API, the request's brand and language from it.
 */
export type ShopContext = {
  /** Calls the shop API in-process (no network hop) with the request's host and language. */
  api: <T>(path: string, init?: ApiInit) => Promise<ApiResult<T>>;
  brand: BrandConfig;
  locale: Locale;
  /** The brand's canonical origin (canonical URLs, hreflang, Open Graph), never the request's Host. */
  origin: string;
  /** Payments are simulated (PAYMENTS_MODE=sandbox): every page says so. */
  isPaymentSandbox: boolean;
  /** Where the brand's map tiles come from; null = no tiles (the maps draw country outlines only). */
  mapTiles: MapTiles | null;
};

/** `locale` asks in another language than the page's (e.g. canonical names for a sitemap-stable URL). */
export type ApiInit = { method?: 'GET' | 'POST'; body?: unknown; locale?: Locale };

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; data: unknown };
