import { expect, inject, test } from 'vitest';
import { formatViolations, isBlocking, runAxe } from '../support/axe.ts';
import { allOffers, type Offer, offerById, offerPath } from '../support/catalogue.ts';
import { erika, fillCustomer, pay } from '../support/checkout.ts';
import { expectText, heading, navigated, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

type Access = { orderId: number; key: string };

async function call(method: string, path: string, body: object) {
  const response = await fetch(`${inject('e2e').baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'de' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function newCart(variantId: number, units: number): Promise<Access> {
  const created = await call('POST', '/api/order', { currency: 'EUR' });
  const access = { orderId: created.id as number, key: created.token as string };
  for (let unit = 0; unit < units; unit++) await call('POST', '/api/order/items', { ...access, variantId });
  return access;
}

/** Someone else buys (by bank transfer, which holds the stock) every unit left of a variant. */
async function buyOut(variantId: number, units: number): Promise<Access> {
  const access = await newCart(variantId, units);
  await call('PUT', '/api/order/customer', {
    ...access,
    gender: 10,
    firstName: 'Max',
    lastName: 'Muster',
    email: `buy-out-${Date.now()}@example.com`,
    street: 'Hauptstraße',
    houseNumber: '1',
    postcode: '80331',
    city: 'München',
    country: 'DE',
    newsletter: false,
    acceptTerms: true,
  });
  await call('PUT', '/api/order/close', { ...access, paymentType: 'wiretransfer' });
  return access;
}

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
    const cart = await newCart(variantId, 1);
    const page = await shop.newPage({ cookieConsent: 'necessary' });
    await page.addInitScript((access) => {
      localStorage.setItem('orderId', String(access.orderId));
      localStorage.setItem('orderToken', access.key);
    }, cart);
    await shop.goto(page, '/checkout');
    await page.locator('.checkout-submit').waitFor();
    await fillCustomer(page, { ...erika, email: `adjusted-${Date.now()}@example.com` });

    const other = await buyOut(variantId, left);
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

      const blocking = (await runAxe(page)).filter(isBlocking);
      expect(blocking, formatViolations(blocking)).toEqual([]);

      const link = notice.getByRole('link', { name: `Andere Varianten von „${offer.title}“ ansehen` });
      expect(await link.getAttribute('href')).toBe(offerPath(offer));
      await link.click();
      await navigated(page, (url) => url.pathname === offerPath(offer));
      await expectText(heading(page), offer.title);
      await page.getByRole('button', { name: 'In den Warenkorb' }).waitFor();
    } finally {
      await call('PUT', '/api/order/cancel', other);
    }
  });
});
