import type { affiliateSummarySchema } from '@shop/contracts/orders';
import { configuredTags, type TrackingConfig } from '@shop/contracts/tracking-tags';
import { gtag, toEuros } from '#app/lib/analytics.ts';
import type { Output } from '#app/lib/contract-types.ts';

type AffiliateSummary = Output<typeof affiliateSummarySchema>;

/**
 * Loads exactly the brand's configured tags (after consent, when the page is interactive: tracking.ts)
 * and fires the conversion tags of a purchase. Each vendor's documented snippet, written as code (no
 * inline scripts: the page's Content-Security-Policy allows the brand's tag hosts, not inline code), with
 * IP anonymisation where the tag has the switch (GA4 anonymises always; `anonymize_ip` for gtag's UA
 * properties, `anonymizeIp` for analytics.js).
 */

type Queue = ((...args: unknown[]) => void) & { q?: unknown[]; queue?: unknown[]; l?: number };
type TagWindow = Window & {
  dataLayer?: unknown[];
  ga?: Queue;
  GoogleAnalyticsObject?: string;
  fbq?: Queue & {
    callMethod?: (...args: unknown[]) => void;
    loaded?: boolean;
    version?: string;
    push?: Queue;
  };
  _fbq?: unknown;
  AWIN?: { Tracking?: { Sale?: Record<string, string> } };
  Adcell?: { Tracking?: { track?: () => void } };
};
const page = window as TagWindow;

/** Scripts this page has added, by address: a tag is loaded once. */
const added = new Set<string>();

function addScript(src: string, options: { again?: boolean; onload?: () => void } = {}) {
  if (added.has(src) && !options.again) return;
  added.add(src);
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.consentTag = '';
  if (options.onload) script.addEventListener('load', options.onload, { once: true });
  document.head.append(script);
}

/** A pixel (image request) with no element in the page. */
function sendPixel(src: string) {
  const image = new Image(1, 1);
  image.referrerPolicy = 'no-referrer-when-downgrade';
  image.src = src;
}

/**
 * The address the tags report: order pages carry the order's key in their path (/complete/{id}/{key})
 * and password resets a token in the query; neither may leave the shop.
 */
export function trackedLocation(): string {
  const url = new URL(window.location.href);
  url.pathname = url.pathname.replace(/^\/(complete|view)\/(\d+)\/[^/]+/, '/$1/$2/-');
  for (const name of ['key', 'token']) url.searchParams.delete(name);
  url.hash = '';
  return url.toString();
}

const mastertag = (awinId: string) => `https://www.dwin1.com/${encodeURIComponent(awinId)}.js`;

export function loadTags(brand: TrackingConfig): void {
  const tags = configuredTags(brand);
  const analyticsId = brand.analyticsId ?? '';
  if (tags.includes('gtag')) {
    gtag('js', new Date());
    gtag('config', analyticsId, { anonymize_ip: true, page_location: trackedLocation() });
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}`);
  }
  if (tags.includes('ua')) {
    page.GoogleAnalyticsObject = 'ga';
    const ga: Queue =
      page.ga ??
      function (this: unknown) {
        // biome-ignore lint/complexity/noArguments: analytics.js reads its queue as Arguments objects
        ga.q = [...(ga.q ?? []), arguments];
      };
    ga.l = Date.now();
    page.ga = ga;
    ga('create', analyticsId, 'auto');
    ga('set', 'anonymizeIp', true);
    ga('set', 'location', trackedLocation());
    ga('send', 'pageview');
    addScript('https://www.google-analytics.com/analytics.js');
  }
  if (brand.tagManager && tags.includes('tagManager')) {
    page.dataLayer ??= [];
    page.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(brand.tagManager)}`);
  }
  if (brand.fbPixel && tags.includes('fbPixel')) {
    const fbq = pixelQueue();
    fbq('consent', 'grant');
    fbq('init', brand.fbPixel);
    fbq('track', 'PageView');
    addScript('https://connect.facebook.net/en_US/fbevents.js');
  }
  if (brand.awinId && tags.includes('awin')) addScript(mastertag(brand.awinId));
  if (tags.includes('adcell')) {
    // adcell's tracking script stores the partner's click; it starts with Adcell.Tracking.track().
    addScript('https://t.adcell.com/js/trad.js', { onload: () => page.Adcell?.Tracking?.track?.() });
  }
}

/** Meta's `fbq` queue as its snippet defines it (calls wait in `queue` until fbevents.js arrives). */
function pixelQueue(): Queue {
  if (page.fbq) return page.fbq;
  const fbq: NonNullable<TagWindow['fbq']> = (...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue?.push(args);
  };
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  page.fbq = fbq;
  page._fbq = fbq;
  return fbq;
}

/** A client-side page change, for the tags that count page views themselves. */
export function trackPageView(brand: TrackingConfig): void {
  const tags = configuredTags(brand);
  const location = trackedLocation();
  if (tags.includes('gtag'))
    gtag('event', 'page_view', { page_location: location, page_title: document.title });
  if (tags.includes('ua')) {
    page.ga?.('set', 'location', location);
    page.ga?.('send', 'pageview');
  }
  if (tags.includes('fbPixel')) page.fbq?.('track', 'PageView');
}

/**
 * The purchase's conversion tags with the order's affiliate summary (SPEC §3): AWIN's sale (the
 * `AWIN.Tracking.Sale` object the mastertag reads, and AWIN's fallback pixel for when the mastertag is
 * blocked), adcell's conversion pixel and the pixel's Purchase event. GA4's purchase goes through the
 * dataLayer (analytics.ts). Called once per order (conversion.ts).
 */
export function fireConversionTags(brand: TrackingConfig, sale: AffiliateSummary): void {
  const tags = configuredTags(brand);
  const amount = toEuros(sale.total).toFixed(2);
  const reference = String(sale.id);
  if (brand.awinId && tags.includes('awin')) {
    const customerAcquisition = sale.customer === 0 ? 'NEW' : 'RETURNING';
    page.AWIN = {
      Tracking: {
        Sale: {
          amount,
          channel: 'aw',
          currency: sale.currency,
          orderRef: reference,
          parts: `DEFAULT:${amount}`,
          test: '0',
          voucher: sale.usedReduction ?? '',
          customerAcquisition,
        },
      },
    };
    // The mastertag reads the sale when it runs: again, if it ran on this page before the sale was known.
    addScript(mastertag(brand.awinId), { again: true });
    const fallback = new URLSearchParams({
      tt: 'ns',
      tv: '2',
      merchant: brand.awinId,
      amount,
      ch: 'aw',
      parts: `DEFAULT:${amount}`,
      ref: reference,
      cr: sale.currency,
      vc: sale.usedReduction ?? '',
      customeracquisition: customerAcquisition,
      testmode: '0',
    });
    sendPixel(`https://www.awin1.com/sread.img?${fallback}`);
  }
  if (brand.adcell && tags.includes('adcell')) {
    const pixel = new URLSearchParams({ pid: brand.adcell, referenz: reference, betrag: amount });
    sendPixel(`https://t.adcell.com/t/track?${pixel}`);
  }
  if (tags.includes('fbPixel'))
    page.fbq?.('track', 'Purchase', { value: Number(amount), currency: sale.currency });
}

/** First-party cookies the tags set on our domain (Google Analytics, Ads, the pixel, AWIN). */
const trackingCookie = /^(_ga|_gid|_gat|_gcl|_fbp|_fbc|_aw|awc|AWSESS)/;

/**
 * A withdrawal on a page whose tags are loaded. Consent Mode and Google's opt-out flags (analytics.ts)
 * already stop Google's hits; the pixel is told to revoke. But the tag manager's container, the AWIN
 * mastertag and adcell's script have no off switch, and code they started (timers, listeners, their own
 * queues) keeps running in this page: the page is loaded again, with the stored answer 'false' nothing
 * third-party loads any more. Their cookies on our domain are deleted first.
 */
export function unloadTags(brand: TrackingConfig): void {
  if (brand.fbPixel) page.fbq?.('consent', 'revoke');
  const domains = ['', ...parentDomains(window.location.hostname)];
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim() ?? '';
    if (!trackingCookie.test(name)) continue;
    for (const domain of domains) {
      // The Cookie Store API is not in every browser the shop supports (Safari before 18.4, Firefox).
      // biome-ignore lint/suspicious/noDocumentCookie: expiring cookies on the domains they may sit on
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ''}`;
    }
  }
  window.location.reload();
}

/** "shop.example.com" → ["shop.example.com", "example.com"]: where Google's cookies may sit. */
function parentDomains(hostname: string): string[] {
  const parts = hostname.split('.');
  return parts.slice(0, -1).map((_, index) => parts.slice(index).join('.'));
}
