import type { Locale } from '@shop/contracts/locale';
import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Component, lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { BrowserRouter, Navigate, Route, Routes, StaticRouter, useLocation, useNavigate } from 'react-router';
import { sessionKey } from './features/auth/api/session.ts';
import { RequireSession } from './features/auth/require-session.tsx';
import { useSession } from './features/auth/use-session.ts';
import { AppFrame } from './features/frame/app-frame.tsx';
import { I18nProvider, useI18n } from './i18n/i18n-context.tsx';
import { type ApiProblem, onAuthenticationProblem } from './lib/api-client.ts';
import { preloadable } from './lib/preloadable.tsx';
import { LiveRegionProvider } from './ui/live-region.tsx';
import { PageHeading } from './ui/page-heading.tsx';

// Every screen loads with its route: the first view of one (a hotel's scan page on a phone: issue 27's
// 150 KB) carries none of the others' libraries (the orders table, the sign-in's form library).
const LoginScreen = lazy(() =>
  import('./features/auth/login-screen.tsx').then((m) => ({ default: m.LoginScreen })),
);
const OrdersScreen = lazy(() =>
  import('./features/orders/orders-screen.tsx').then((m) => ({ default: m.OrdersScreen })),
);
// The screen the server renders (entry-server.tsx). Its code is loaded before such a page hydrates
// (main.tsx): a lazy screen would leave its part of the page dehydrated a while longer, and a click on
// one of its buttons then did nothing (an order's "extend the hold" that did not open).
const { Component: OrderScreen, load: loadOrderScreen } = preloadable(() =>
  import('./features/orders/order-screen.tsx').then((m) => m.OrderScreen),
);
export const loadServerRenderedScreen = loadOrderScreen;
const HoldsScreen = lazy(() =>
  import('./features/holds/holds-screen.tsx').then((m) => ({ default: m.HoldsScreen })),
);
const AuditScreen = lazy(() =>
  import('./features/audit/audit-screen.tsx').then((m) => ({ default: m.AuditScreen })),
);
const BankScreen = lazy(() =>
  import('./features/bank/bank-screen.tsx').then((m) => ({ default: m.BankScreen })),
);
const StatementScreen = lazy(() =>
  import('./features/bank/statement-screen.tsx').then((m) => ({ default: m.StatementScreen })),
);
const SecurityScreen = lazy(() =>
  import('./features/security/security-screen.tsx').then((m) => ({ default: m.SecurityScreen })),
);
const ReportsScreen = lazy(() =>
  import('./features/reports/reports-screen.tsx').then((m) => ({ default: m.ReportsScreen })),
);
const RecordsScreen = lazy(() =>
  import('./features/records/records-screen.tsx').then((m) => ({ default: m.RecordsScreen })),
);
const BrandsScreen = lazy(() =>
  import('./features/brands/brands-screen.tsx').then((m) => ({ default: m.BrandsScreen })),
);
const BrandConfigScreen = lazy(() =>
  import('./features/brands/brand-config-screen.tsx').then((m) => ({ default: m.BrandConfigScreen })),
);
const ContentScreen = lazy(() =>
  import('./features/content/content-screen.tsx').then((m) => ({ default: m.ContentScreen })),
);
const GiftCardsScreen = lazy(() =>
  import('./features/gift-cards/gift-cards-screen.tsx').then((m) => ({ default: m.GiftCardsScreen })),
);
const GiftCardScreen = lazy(() =>
  import('./features/gift-cards/gift-card-screen.tsx').then((m) => ({ default: m.GiftCardScreen })),
);
const PromotionScreens = lazy(() =>
  import('./features/promotions/promotion-routes.tsx').then((m) => ({ default: m.PromotionScreens })),
);
const CodeScreens = lazy(() =>
  import('./features/promotions/promotion-routes.tsx').then((m) => ({ default: m.CodeScreens })),
);
const StaffScreen = lazy(() =>
  import('./features/staff/staff-screen.tsx').then((m) => ({ default: m.StaffScreen })),
);
const OffersScreen = lazy(() =>
  import('./features/catalogue/offers-screen.tsx').then((m) => ({ default: m.OffersScreen })),
);
const OfferScreen = lazy(() =>
  import('./features/catalogue/offer-screen.tsx').then((m) => ({ default: m.OfferScreen })),
);
const CatalogueImportScreen = lazy(() =>
  import('./features/catalogue/catalogue-import-screen.tsx').then((m) => ({
    default: m.CatalogueImportScreen,
  })),
);
const HotelsScreen = lazy(() =>
  import('./features/catalogue/hotels-screen.tsx').then((m) => ({ default: m.HotelsScreen })),
);
const HotelScreen = lazy(() =>
  import('./features/catalogue/hotel-screen.tsx').then((m) => ({ default: m.HotelScreen })),
);
const StatementsScreen = lazy(() =>
  import('./features/desk/statements-screen.tsx').then((m) => ({ default: m.StatementsScreen })),
);
const DeskScreen = lazy(() =>
  import('./features/desk/desk-screen.tsx').then((m) => ({ default: m.DeskScreen })),
);
// Opened once per member, from the invitation mail: not part of the sign-in's first view.
const InviteScreen = lazy(() =>
  import('./features/auth/invite-screen.tsx').then((m) => ({ default: m.InviteScreen })),
);

function Loading() {
  const { t } = useI18n();
  return <p role="status">{t.app.loading}</p>;
}

function Failed() {
  const { t } = useI18n();
  return (
    <main id="main">
      <PageHeading>{t.app.failed}</PageHeading>
      <a href="/admin/orders">{t.nav.orders}</a>
    </main>
  );
}

/** A screen that crashed shows "that did not work" with a way on, not a blank page. */
class ErrorBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.hasFailed ? <Failed /> : this.props.children;
  }
}

/** Where a member starts: a hotel's desk at the voucher check, everyone else at the orders. */
function HomeRedirect() {
  const role = useSession().data?.staff.role;
  return <Navigate to={role === 'hotel' ? '/desk' : '/orders'} replace />;
}

function NotFound() {
  const { t } = useI18n();
  return <PageHeading>{t.app.notFound}</PageHeading>;
}

/**
 * Any call answered 401 (the session ended) sends the user to the sign-in, which brings them back to
 * where they were; a 403 totp-setup-required to the second factor's set-up.
 */
function AuthenticationRedirects() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  useEffect(() => {
    onAuthenticationProblem((problem: ApiProblem) => {
      const pathname = here.current.split('?')[0];
      if (problem.status === 401) {
        queryClient.setQueryData(sessionKey, null);
        if (pathname !== '/login') {
          navigate(`/login?ended=1&next=${encodeURIComponent(here.current)}`, { replace: true });
        }
      } else if (pathname !== '/security') {
        navigate('/security');
      }
    });
  }, [navigate, queryClient]);
  return null;
}

/**
 * The screens. A declarative router: the screens load their data through TanStack Query, so the data
 * router's loaders would be a second way of doing the same (and 16 KB gzip more on the first view).
 */
function Screens() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <Suspense fallback={<Loading />}>
            <LoginScreen />
          </Suspense>
        }
      />
      <Route
        path="/invite"
        element={
          <Suspense fallback={<Loading />}>
            <InviteScreen />
          </Suspense>
        }
      />
      <Route
        element={
          <RequireSession>
            <AppFrame />
          </RequireSession>
        }
      >
        <Route index element={<HomeRedirect />} />
        <Route
          path="statements"
          element={
            <Suspense fallback={<Loading />}>
              <StatementsScreen />
            </Suspense>
          }
        />
        <Route
          path="desk"
          element={
            <Suspense fallback={<Loading />}>
              <DeskScreen />
            </Suspense>
          }
        />
        <Route
          path="orders"
          element={
            <Suspense fallback={<Loading />}>
              <OrdersScreen />
            </Suspense>
          }
        />
        <Route
          path="orders/:id"
          element={
            <Suspense fallback={<Loading />}>
              <OrderScreen />
            </Suspense>
          }
        />
        <Route
          path="bank"
          element={
            <Suspense fallback={<Loading />}>
              <BankScreen />
            </Suspense>
          }
        />
        <Route
          path="bank/:id"
          element={
            <Suspense fallback={<Loading />}>
              <StatementScreen />
            </Suspense>
          }
        />
        <Route
          path="holds"
          element={
            <Suspense fallback={<Loading />}>
              <HoldsScreen />
            </Suspense>
          }
        />
        <Route
          path="audit"
          element={
            <Suspense fallback={<Loading />}>
              <AuditScreen />
            </Suspense>
          }
        />
        <Route
          path="reports"
          element={
            <Suspense fallback={<Loading />}>
              <ReportsScreen />
            </Suspense>
          }
        />
        <Route
          path="promotions/*"
          element={
            <Suspense fallback={<Loading />}>
              <PromotionScreens />
            </Suspense>
          }
        />
        <Route
          path="codes/*"
          element={
            <Suspense fallback={<Loading />}>
              <CodeScreens />
            </Suspense>
          }
        />
        <Route
          path="records"
          element={
            <Suspense fallback={<Loading />}>
              <RecordsScreen />
            </Suspense>
          }
        />
        <Route
          path="brands"
          element={
            <Suspense fallback={<Loading />}>
              <BrandsScreen />
            </Suspense>
          }
        />
        <Route
          path="brands/:short"
          element={
            <Suspense fallback={<Loading />}>
              <BrandConfigScreen />
            </Suspense>
          }
        />
        <Route
          path="content"
          element={
            <Suspense fallback={<Loading />}>
              <ContentScreen />
            </Suspense>
          }
        />
        <Route
          path="gift-cards"
          element={
            <Suspense fallback={<Loading />}>
              <GiftCardsScreen />
            </Suspense>
          }
        />
        <Route
          path="gift-cards/:id"
          element={
            <Suspense fallback={<Loading />}>
              <GiftCardScreen />
            </Suspense>
          }
        />
        <Route
          path="security"
          element={
            <Suspense fallback={<Loading />}>
              <SecurityScreen />
            </Suspense>
          }
        />
        <Route
          path="staff"
          element={
            <Suspense fallback={<Loading />}>
              <StaffScreen />
            </Suspense>
          }
        />
        <Route path="catalogue" element={<Navigate to="/catalogue/offers" replace />} />
        <Route
          path="catalogue/offers"
          element={
            <Suspense fallback={<Loading />}>
              <OffersScreen />
            </Suspense>
          }
        />
        <Route
          path="catalogue/import"
          element={
            <Suspense fallback={<Loading />}>
              <CatalogueImportScreen />
            </Suspense>
          }
        />
        <Route
          path="catalogue/offers/new"
          element={
            <Suspense fallback={<Loading />}>
              <OfferScreen />
            </Suspense>
          }
        />
        <Route
          path="catalogue/offers/:offerId"
          element={
            <Suspense fallback={<Loading />}>
              <OfferScreen />
            </Suspense>
          }
        />
        <Route
          path="catalogue/hotels"
          element={
            <Suspense fallback={<Loading />}>
              <HotelsScreen />
            </Suspense>
          }
        />
        <Route
          path="catalogue/hotels/new"
          element={
            <Suspense fallback={<Loading />}>
              <HotelScreen />
            </Suspense>
          }
        />
        <Route
          path="catalogue/hotels/:hotelId"
          element={
            <Suspense fallback={<Loading />}>
              <HotelScreen />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

export type AppProps = {
  queryClient: QueryClient;
  /** The language a server-rendered page is in (else the browser's choice: i18n-context). */
  locale?: Locale;
  /** Rendering on the server: the address asked for, under /admin (else the browser's address). */
  serverLocation?: string;
};

const basename = '/admin';

export function App({ queryClient, locale, serverLocation }: AppProps) {
  const screens = (
    <>
      <AuthenticationRedirects />
      <ErrorBoundary>
        <Screens />
      </ErrorBoundary>
    </>
  );
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider {...(locale ? { locale } : {})}>
        <LiveRegionProvider>
          {serverLocation === undefined ? (
            <BrowserRouter basename={basename}>{screens}</BrowserRouter>
          ) : (
            <StaticRouter basename={basename} location={serverLocation}>
              {screens}
            </StaticRouter>
          )}
        </LiveRegionProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
