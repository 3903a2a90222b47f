import type { BrandConfig } from '@shop/contracts/brand-config';
import type { OfferSummary } from '@shop/contracts/catalogue';
import { type CSSProperties, lazy, type ReactNode, Suspense, useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  type MetaFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from 'react-router';
import { AppUpdate } from '#app/features/app-update/app-update.tsx';
import { shopBuildId } from '#app/features/app-update/app-update-settings.ts';
import { isChunkLoadError, loadChunk } from '#app/features/app-update/chunk-load.ts';
import { CookieBanner } from '#app/features/consent/components/cookie-banner.tsx';
import { cookieConsentScript } from '#app/features/consent/consent-store.ts';
import { useConsentTracking } from '#app/features/consent/tracking.ts';
import { CartDrawer } from '#app/features/layout/components/cart-drawer.tsx';
import { LoadingOverlay } from '#app/features/layout/components/loading-overlay.tsx';
import { LoginDialog } from '#app/features/layout/components/login-dialog.tsx';
import { SandboxNotice } from '#app/features/layout/components/sandbox-notice.tsx';
import { ScrollToTop } from '#app/features/layout/components/scroll-to-top.tsx';
import { SiteFooter } from '#app/features/layout/components/site-footer.tsx';
import { SiteHeader } from '#app/features/layout/components/site-header.tsx';
import { useSiteLock } from '#app/features/layout/hooks/use-site-lock.ts';
import { loadNavigation } from '#app/features/layout/layout.server.ts';
import { messagesFor } from '#app/i18n/messages.server.ts';
import { useCspNonce } from '#app/lib/csp-nonce.ts';
import { replayEarlyInput } from '#app/lib/early-input.ts';
import { InlineStylesheet } from '#app/lib/inline-stylesheet.tsx';
import { loadStoredCart } from '#app/lib/orders/cart-store.ts';
import { captureReferral } from '#app/lib/orders/referral.ts';
import { useIsCheckoutChrome } from '#app/lib/page-chrome.ts';
import { useHeadingFocusOnPageChange } from '#app/lib/page-focus.ts';
import type { LoaderArgs } from '#app/lib/route-types.ts';
import { loadStoredSession } from '#app/lib/session-store.ts';
import { type ShopData, useShopData, useT } from '#app/lib/shop-data.ts';
import { Toaster } from '#app/ui/toaster.tsx';
import stylesHref from './styles.css?url';

export async function loader({ context }: LoaderArgs): Promise<ShopData> {
  const { shop } = context;
  const navigation = await loadNavigation(shop);
  return {
    locale: shop.locale,
    brand: shop.brand,
    messages: messagesFor(shop.locale),
    origin: shop.origin,
    isPaymentSandbox: shop.isPaymentSandbox,
    mapTiles: shop.mapTiles,
    ...navigation,
  };
}

// Brand, language and navigation change only with a full page load (the language switch reloads).
export const shouldRevalidate = () => false;

/** Used for error pages: pages with data set their own title and description. */
export const meta: MetaFunction = ({ error }) =>
  error ? [{ title: isRouteErrorResponse(error) && error.status === 404 ? 'Oops – 404' : 'Error' }] : [];

/** The brand's colours as CSS variables on <html> (theming is data, not code). */
function brandStyle(brand: BrandConfig): CSSProperties {
  return {
    '--color-primary': brand.colors.primary,
    '--color-primary-contrast': brand.colors.primaryContrast,
    '--color-accent': brand.colors.accent,
    '--color-accent-contrast': brand.colors.accentContrast,
  } as CSSProperties;
}

/** The cart drawer's contents: their own chunk, fetched when the cart is first wanted. */
const loadCartPanel = () => loadChunk(() => import('#app/features/cart/components/cart-panel.tsx'));
const CartPanel = lazy(loadCartPanel);
// The 404 screen with its ways on (search field, destinations, top deals): its own chunk, so that the
// pages that never show it do not load it (the first-view budget).
const NotFound = lazy(() =>
  loadChunk(() => import('#app/ui/not-found.tsx')).then((module) => ({ default: module.NotFound })),
);

/**
 * Client start (after hydration): a partner link's referral, the stored session and cart (SPEC §4),
 * then the clicks and forms the visitor used before (held by the early-input script; its cart call
 * queues after the stored cart's).
 */
function useClientStart() {
  useEffect(() => {
    captureReferral();
    loadStoredSession();
    void loadStoredCart();
    replayEarlyInput();
  }, []);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useShopData();
  const siteLock = useSiteLock();
  const nonce = useCspNonce();
  const isCheckout = useIsCheckoutChrome();
  useClientStart();
  useHeadingFocusOnPageChange();
  // In render, before the page's effects report anything: Consent Mode first (features/consent).
  useConsentTracking(data?.brand);
  return (
    // suppressHydrationWarning: cookieConsentScript marks <html> before React hydrates it.
    <html
      lang={data?.locale ?? 'de'}
      style={data ? brandStyle(data.brand) : undefined}
      id="top"
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Chromium paints once the whole document is parsed (no element has this id), not after each
            chunk the parser yields: one style and layout pass before the first paint instead of
            several after it (docs/decisions/010). Other browsers ignore it. */}
        <link rel="expect" href="#end-of-document" blocking="render" />
        {data?.brand.hasCookieConsent ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, not user input
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: cookieConsentScript }} />
        ) : null}
        {data ? <link rel="icon" href={data.brand.logo.url} type="image/svg+xml" /> : null}
        {/* The installable app (modules/app-manifest): the brand's manifest in the page's language. */}
        {data ? <link rel="manifest" href={`/manifest.webmanifest?lang=${data.locale}`} /> : null}
        {data ? <meta name="theme-color" content={data.brand.colors.primary} /> : null}
        {data ? <link rel="apple-touch-icon" href="/app-icons/apple-touch-icon.png" /> : null}
        {shopBuildId ? <meta name="shop-build" content={shopBuildId} /> : null}
        <InlineStylesheet href={stylesHref} nonce={nonce} />
        <Meta />
        <Links />
      </head>
      <body>
        {/* First in the document while it asks, so that the first Tab lands in it (WCAG 2.4.3; it is
            fixed at the bottom, so its place here moves nothing); the skip link follows it. */}
        {data?.brand.hasCookieConsent ? <CookieBanner /> : null}
        {data?.isPaymentSandbox ? <SandboxNotice /> : null}
        {data ? <SiteHeader onCartIntent={loadCartPanel} isReduced={isCheckout} /> : null}
        {/* Before <main>: its effects run before the page's (an account page may open it at once). */}
        {data ? <LoginDialog /> : null}
        <main id="main" tabIndex={-1} aria-busy={siteLock.isBusy || undefined}>
          {children}
        </main>
        {data ? <SiteFooter /> : null}
        {data ? <ScrollToTop /> : null}
        {data ? <CartDrawer Panel={CartPanel} /> : null}
        <Toaster />
        <AppUpdate />
        <LoadingOverlay isShown={siteLock.isOverlayShown} />
        {/* Page changes start at the top; back/forward restore the position (SPEC §2). */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const topDeals = (error.data as { topDeals?: OfferSummary[] } | null)?.topDeals;
    return (
      <Suspense fallback={null}>
        <NotFound topDeals={topDeals} />
      </Suspense>
    );
  }
  // Code that did not arrive (offline, or a deploy removed the old build's files): a reload fixes it.
  const isMissingCode = isChunkLoadError(error);
  // The shop's database is away for a moment (a failover): trying again shortly works.
  const isUnavailable = isRouteErrorResponse(error) && error.status === 503;
  return (
    <div className="container page narrow">
      <h1>{t(isUnavailable ? 'error.unavailable.title' : 'error.title')}</h1>
      <p>{t(isMissingCode ? 'app.chunkFailed' : isUnavailable ? 'error.unavailable.text' : 'error.text')}</p>
      {isMissingCode || isUnavailable ? (
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('app.reload')}
        </button>
      ) : null}
    </div>
  );
}
