import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { allOffers, type Offer, offerById } from './catalogue.ts';
import type { PageOptions, Shop } from './shop.ts';

/**
 * Buying in the browser as a guest, in German: the steps the checkout, voucher and bank-transfer
 * journeys share (cart drawer → checkout form → payment → order page).
 */

/**
 * An offer with plenty of stock (every variant unlimited), from the end of the catalogue (other
 * journeys pick from the start); `skip` gives each test an offer of its own.
 */
export async function offerInStock(skip = 0): Promise<Offer> {
  let seen = 0;
  for (const summary of (await allOffers()).reverse()) {
    if (summary.isSoldOut) continue;
    const offer = await offerById(summary.id);
    if (!offer.variants.every((variant) => !variant.isSoldOut && variant.piecesLeft === null)) continue;
    if (seen++ === skip) return offer;
  }
  throw new Error('the demo catalogue has no offer in stock');
}

export const submitButton = (page: Page) => page.getByRole('button', { name: 'Zahlungspflichtig bestellen' });

export type CartLabels = { add: string; cart: string; toCheckout: string };
export const german: CartLabels = { add: 'In den Warenkorb', cart: 'Warenkorb', toCheckout: 'Zur Kasse' };

/** Adds the offer's first choice to the cart and goes to the checkout through the drawer. */
export async function startCheckout(shop: Shop, path: string, options: PageOptions = {}, labels = german) {
  const { page } = await shop.open(path, { cookieConsent: 'necessary', ...options });
  await page.getByRole('button', { name: labels.add }).click();
  const cart = page.getByRole('dialog', { name: labels.cart });
  await cart.locator('.order-line').first().waitFor();
  await cart.getByRole('link', { name: labels.toCheckout }).click();
  await page.waitForURL((url) => url.pathname === '/checkout');
  await page.locator('.checkout-submit').waitFor();
  return page;
}

export type Customer = {
  gender: '10' | '20' | '0';
  first: string;
  last: string;
  email: string;
  country: string;
};
export const erika: Customer = {
  gender: '20',
  first: 'Erika',
  last: 'Mustermann',
  email: 'erika@example.com',
  country: 'DE',
};

/** The checkout form filled in as `customer` (Erika Mustermann from Munich by default), terms accepted. */
export async function fillCustomer(page: Page, customer: Customer = erika) {
  // The checkout form, not the footer's newsletter box (which asks for an e-mail address too).
  const form = page.getByRole('main');
  await form.getByRole('combobox', { name: 'Anrede' }).selectOption(customer.gender);
  const fields: [string, string][] = [
    ['Vorname', customer.first],
    ['Nachname', customer.last],
    ['E-Mail-Adresse', customer.email],
    ['Straße', 'Hauptstraße'],
    ['Hausnummer', '12a'],
    ['Postleitzahl', '80331'],
    ['Ort', 'München'],
  ];
  for (const [name, value] of fields) await form.getByRole('textbox', { name, exact: true }).fill(value);
  await form.getByRole('combobox', { name: 'Land' }).selectOption(customer.country);
  await form.getByRole('checkbox', { name: /Ich akzeptiere die AGB/ }).check();
}

/** Chooses the payment method and places the order. */
export async function pay(page: Page, method: RegExp) {
  await page.getByRole('radio', { name: method }).check();
  await submitButton(page).click();
}

/** The sandbox page of PayPal / Amazon Pay: press one of its outcome buttons. */
export async function decideAtProvider(
  page: Page,
  button: 'Zahlung freigeben' | 'Abbrechen' | 'Ablehnen' | 'Zeitüberschreitung' | 'Zu spät freigeben',
) {
  await page.waitForURL(/\/sandbox\//);
  await page.getByRole('button', { name: button }).click();
}

/** Waits for the order page the checkout ends on (`/complete/:id/:key`). */
export async function completePage(page: Page) {
  await page.waitForURL(/\/complete\/\d+\/[^/]+$/, { timeout: 20_000 });
  await page.locator('[data-order-status]').waitFor();
}

/**
 * The path of an offer the brand of `page` sells, found through that brand's own search (cheapest first;
 * `index` among those on sale gives each test an offer of its own).
 */
export async function brandOfferPath(page: Page, index: number): Promise<string> {
  return page.evaluate(async (at) => {
    const response = await fetch('/api/offer/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sort: 'price-asc', page: 1, pageSize: 24 }),
    });
    const { items } = (await response.json()) as {
      items: { slug: string; isSoldOut: boolean; contact: { slug: string } }[];
    };
    const offer = items.filter((item) => !item.isSoldOut)[at]!;
    return `/urlaub/${offer.contact.slug}/${offer.slug}`;
  }, index);
}

/** The cart button's label, `Warenkorb, N Artikel`. */
export const cartCount = (page: Page) =>
  page.getByRole('button', { name: /^Warenkorb, \d+ Artikel$/ }).getAttribute('aria-label');

/** The order page's bank details (`Kontoinhaber`, `IBAN`, `BIC`, `Verwendungszweck`, `Betrag`, `Zahlbar bis`). */
export async function wireDetails(page: Page): Promise<Record<string, string>> {
  const bank = page.getByRole('region', { name: 'Bitte überweisen Sie den Betrag' });
  return Object.fromEntries(
    await bank.locator('.wire-details > div').evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector('dt')?.textContent ?? '',
        // The value itself, without its copy button and hint.
        (row.querySelector('dd .wire-value > span') ?? row.querySelector('dd'))?.textContent ?? '',
      ]),
    ),
  );
}

/** One call of the order API as a guest in German; a refusal fails the test with the server's answer. */
export async function orderCall(method: string, path: string, body: object) {
  const response = await fetch(`${inject('e2e').baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'de' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

export type OrderAccess = { orderId: number; key: string };

/** A cart made through the API with `units` units of a variant. */
export async function apiCart(variantId: number, units = 1): Promise<OrderAccess> {
  const created = await orderCall('POST', '/api/order', { currency: 'EUR' });
  const access = { orderId: created.id as number, key: created.token as string };
  for (let unit = 0; unit < units; unit++)
    await orderCall('POST', '/api/order/items', { ...access, variantId });
  return access;
}

/**
 * Another guest's order placed through the API and closed for a bank transfer (which holds its stock
 * and code): `units` of a variant, with a promotion code if given.
 */
export function transferOrder(options: { variantId: number; units?: number; email: string; code?: string }) {
  return closedOrder({ ...options, paymentType: 'wiretransfer' });
}

/**
 * Another guest's order placed through the API and closed: for a bank transfer, or waiting at PayPal
 * (it holds its units for PAYMENT_HOLD_MINUTES; a transfer may not hold more than half a variant).
 */
export async function closedOrder(options: {
  variantId: number;
  units?: number;
  email: string;
  code?: string;
  paymentType: 'wiretransfer' | 'paypal';
}) {
  const access = await apiCart(options.variantId, options.units);
  if (options.code) await orderCall('POST', '/api/order/reduction', { ...access, code: options.code });
  await orderCall('PUT', '/api/order/customer', {
    ...access,
    gender: 20,
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: options.email,
    street: 'Hauptstraße',
    houseNumber: '12a',
    postcode: '80331',
    city: 'München',
    country: 'DE',
    newsletter: false,
    acceptTerms: true,
  });
  await orderCall('PUT', '/api/order/close', { ...access, paymentType: options.paymentType });
  return access;
}
