import type { affiliateSummarySchema, Order } from '@shop/contracts/orders';
import type { TrackingConfig } from '@shop/contracts/tracking-tags';
import { useEffect } from 'react';
import { isAnalyticsAllowed, toEuros, trackEcommerce } from '#app/lib/analytics.ts';
import { readStored, writeStored } from '#app/lib/browser-storage.ts';
import type { Output } from '#app/lib/contract-types.ts';
import { ecommerceItem } from '#app/lib/orders/cart-store.ts';
import { whenInteractive } from './tracking.ts';

type AffiliateSummary = Output<typeof affiliateSummarySchema>;

/** Orders whose purchase was reported from this browser: a reload of the page reports nothing again. */
const trackedKey = 'purchasesTracked';

function reportedOrders(): number[] {
  try {
    const list = JSON.parse(readStored(trackedKey) ?? '[]');
    return Array.isArray(list) ? list.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * SPEC §1 "purchase" on the order confirmation, once per closed order and only with consent: GA4's
 * purchase event (with the affiliate summary for tag managers) and the affiliate networks' conversion
 * tags (AWIN, adcell) with the order's affiliate summary (SPEC §3) from GET /api/order/meta. Like every
 * tag, the conversion tags wait until the page is interactive.
 */
export function usePurchaseTracking(brand: TrackingConfig, order: Order, affiliate: AffiliateSummary | null) {
  useEffect(() => {
    if ((order.status !== 'paid' && order.status !== 'awaiting-payment') || !isAnalyticsAllowed()) return;
    const reported = reportedOrders();
    if (reported.includes(order.id)) return;
    writeStored(trackedKey, JSON.stringify([...reported, order.id].slice(-20)));
    trackEcommerce(
      'purchase',
      {
        transaction_id: String(order.id),
        value: toEuros(order.summary.subtotal.total - order.summary.discountTotal.total),
        ...(order.reduction ? { coupon: order.reduction.code } : {}),
        items: order.items.map((item) => ecommerceItem(item)),
      },
      affiliate ? { affiliate } : {},
    );
    if (!affiliate) return;
    whenInteractive(() => {
      void import('./tags/tag-loader.ts').then((loader) => loader.fireConversionTags(brand, affiliate));
    });
  }, [brand, order, affiliate]);
}
