import { expect, test } from 'vitest';
import { formatViolations, isBlocking, runAxe } from '../support/axe.ts';
import { allOffers, type Offer, offerById, offerPath } from '../support/catalogue.ts';
import { apiCart, closedOrder, erika, fillCustomer, orderCall, pay } from '../support/checkout.ts';
import { screenshot } from '../support/out.ts';
import { expectText, heading, navigated, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * A variant with few pieces left whose offer has other variants in stock (from the end of the list:
 * the journeys about pieces left take the first such offer).
 */
async function variantWithOthersLeft(): Promise<{ offer: Offer; variantId: number; left: number }> {
  for (const summary of (await allOffers()).reverse()) {
    if (summary.isSoldOut) continue;
    const offer = await offerById(summary.id);
    const few = offer.variants.find((variant) => !variant.isSoldOut && variant.piecesLeft !== null);
    const others = offer.variants.filter((variant) => variant !== few && !variant.isSoldOut);
    if (few?.piecesLeft && others.length > 0) return { offer, variantId: few.id, left: few.piecesLeft };
  }
  throw new Error('the demo catalogue has no offer with a variant nearly sold out and others in stock');
}

journey('an order adjusted at checkout names the voucher that went and leads on to its offer', (shop) => {
  test('the last voucher sold out while the buyer typed: the message names it and links to the other variants', async () => {
    const { offer, variantId, left } = await variantWithOthersLeft();
    const cart = await apiCart(variantId);
    const page = await shop.newPage({ cookieConsent: 'necessary' });
    await page.addInitScript((access) => {
      localStorage.setItem('orderId', String(access.orderId));
      localStorage.setItem('orderToken', access.key);
    }, cart);
    await shop.goto(page, '/checkout');
    await page.locator('.checkout-submit').waitFor();
    await fillCustomer(page, { ...erika, email: `adjusted-${Date.now()}@example.com` });

    // Someone else buys every unit left of the variant (paying with PayPal, which holds them meanwhile).
    const other = await closedOrder({
      variantId,
      units: left,
      email: `buy-out-${Date.now()}@example.com`,
      paymentType: 'paypal',
    });
    try {
      await pay(page, /^Vorkasse/);
      const notice = page.locator('.adjusted-notice');
      await notice.waitFor();
      // Not just "your cart is empty": which voucher went, why, and that its offer has more.
      expect(await textOf(notice)).toContain(
        `„${offer.title}“ ist nicht mehr verfügbar und wurde aus dem Warenkorb entfernt. ` +
          'Andere Varianten dieses Angebots sind noch erhältlich.',
      );
      await expectText(page.locator('.checkout-empty > p'), 'Ihr Warenkorb ist jetzt leer.');
      // Focus moved to the message (the form it stood above is gone).
      expect(await page.evaluate(() => document.activeElement?.classList.contains('adjusted-notice'))).toBe(
        true,
      );

      await screenshot(page, 'checkout-adjusted-emptied', 1);
      const blocking = (await runAxe(page)).filter(isBlocking);
      expect(blocking, formatViolations(blocking)).toEqual([]);

      const link = notice.getByRole('link', { name: `Andere Varianten von „${offer.title}“ ansehen` });
      expect(await link.getAttribute('href')).toBe(offerPath(offer));
      await link.click();
      await navigated(page, (url) => url.pathname === offerPath(offer));
      await expectText(heading(page), offer.title);
      await page.getByRole('button', { name: 'In den Warenkorb' }).waitFor();
    } finally {
      await orderCall('PUT', '/api/order/cancel', other);
    }
  });
});
