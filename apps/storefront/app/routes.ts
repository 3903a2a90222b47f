import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('urlaub-finden', 'routes/search.tsx', { id: 'search' }),
  route('search/:keyword', 'routes/search.tsx', { id: 'search-keyword' }),
  route('reiseziel/:iso/:country?', 'routes/destination.tsx'),
  route('thema/:name?/:id', 'routes/theme.tsx'),
  route('willkommen/:promotion', 'routes/welcome.tsx'),
  route('urlaub/karte', 'routes/hotel-map.tsx'),
  route('urlaub/:contact/:slug', 'routes/offer.tsx'),
  route('urlaub/:contact', 'routes/hotel.tsx'),
  route('to/:id', 'routes/to-offer.tsx'),
  route('accessibility', 'routes/content.tsx', { id: 'accessibility' }),
  route('gutscheinvorteile', 'routes/content.tsx', { id: 'voucher-advantages' }),
  route('checkout', 'routes/checkout.tsx'),
  route('checkout/authorize', 'routes/checkout-authorize.tsx'),
  route('checkout/*', 'routes/checkout-alias.tsx'),
  route('complete/:id/:key', 'routes/order.tsx', { id: 'complete' }),
  route('view/:id/:key', 'routes/order.tsx', { id: 'view' }),
  route('404', 'routes/not-found.tsx', { id: 'not-found' }),
  route(':key', 'routes/landing.tsx'),
  route('*', 'routes/not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;
