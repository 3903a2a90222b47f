import { expect, test } from 'vitest';
import {
  germanPrice,
  offerById,
  offerPath,
  offerWithFewPiecesLeft,
  offerWithoutNotices,
  soldOutOffer,
} from '../support/catalogue.ts';
import { expectText, heading, navigated, offerCards, textOf, textsOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

const euro = new RegExp(`^${germanPrice.source}$`);

journey('offer: open an offer from the results', (shop) => {
  test('a result opens its offer page with title, variants and prices', async () => {
    const { page } = await shop.open('/search/Gardasee');
    const [card] = await offerCards(page);
    expect(card).toBeDefined();
    await card!.link.click();
    await navigated(page, /\/urlaub\/[^/]+\/[^/]+$/);

    await expectText(heading(page), card!.title);
    expect(await textOf(page.locator('.offer-subtitle'))).not.toBe('');
    // The hotel, its place and the gallery.
    await expectText(page.locator('.offer-place'), new RegExp(card!.place.split(' · ')[0]!));
    expect(await page.getByRole('region', { name: 'Bilder' }).getByRole('img').count()).toBeGreaterThan(0);

    // Variants: nights × persons, each with a price in the shop's format and its saving.
    const buy = page.getByRole('complementary', { name: 'Wählen Sie Ihren Gutschein' });
    await expectText(
      buy.locator('.offer-price'),
      new RegExp(`^ab ${germanPrice.source} statt ${germanPrice.source}$`),
    );
    const rows = buy.getByRole('table').locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const row of await rows.all()) {
      expect(await textOf(row.getByRole('rowheader'))).toMatch(/^\d+ (Nacht|Nächte) \d+ (Person|Personen)$/);
      expect(await textOf(row.locator('.price'))).toMatch(euro);
    }
    // The lowest variant price is the "from" price shown above the table.
    const from = await textOf(buy.locator('.offer-price strong'));
    expect(await textsOf(rows.locator('.price'))).toContain(from);
    await expectText(buy.getByRole('button', { name: 'In den Warenkorb' }), 'In den Warenkorb');
  });

  test('a result card promises the saving and the price the offer page gives', async () => {
    const { page } = await shop.open('/search/Gardasee');
    const cards = page.locator('.offer-grid > li');
    const promised = [];
    for (const card of (await cards.all()).slice(0, 3)) {
      promised.push({
        title: await textOf(card.getByRole('heading')),
        href: (await card.getByRole('link').getAttribute('href'))!,
        price: await textOf(card.locator('.offer-card-price strong')),
        saving: await textOf(card.locator('.badge.discount')),
      });
    }
    const found = [];
    for (const card of promised) {
      await shop.goto(page, card.href);
      const saving = /(\d+) %/.exec(await textOf(page.locator('.offer-saving')))?.[1];
      found.push({
        ...card,
        price: await textOf(page.locator('.offer-price strong')),
        saving: `−${saving} %`,
      });
    }
    expect(found, 'what the offer pages show (expected: what their cards promised)').toEqual(promised);
  });

  test('a variant with few pieces left says how many ("Nur noch … Stück verfügbar!")', async () => {
    const offer = await offerWithFewPiecesLeft();
    const { page } = await shop.open(offerPath(offer));
    await expectText(heading(page), offer.title);
    const notices = await textsOf(page.locator('.variant-table .pieces-left'));
    const expected = offer.variants
      .filter((variant) => !variant.isSoldOut && variant.piecesLeft !== null)
      .map((variant) => `Nur noch ${variant.piecesLeft} Stück verfügbar!`);
    expect(notices).toEqual(expected);
  });

  test('an offer in stock shows no stock notice', async () => {
    const offer = await offerWithoutNotices();
    const { page } = await shop.open(offerPath(offer));
    await expectText(heading(page), offer.title);
    expect(await page.locator('.variant-table .pieces-left').count()).toBe(0);
    expect(await page.getByText('Ausverkauft').count()).toBe(0);
  });

  test('a sold-out offer says so, offers "notify me" and no add-to-cart', async () => {
    const offer = await soldOutOffer();
    const { page } = await shop.open(offerPath(offer));
    await expectText(heading(page), offer.title);
    await expectText(page.getByRole('status').filter({ hasText: 'ausverkauft' }), /derzeit ausverkauft/);
    expect(await page.getByRole('button', { name: /Benachrichtigen/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'In den Warenkorb' }).count()).toBe(0);
    const badges = await textsOf(page.locator('.variant-table .badge.sold-out'));
    expect(badges).toEqual(offer.variants.map(() => 'Ausverkauft'));
  });

  test('/to/:id and a wrong hotel segment lead to the offer’s own address', async () => {
    const offer = await offerWithoutNotices();
    const { page } = await shop.open(`/to/${offer.id}`);
    expect(new URL(page.url()).pathname).toBe(offerPath(offer));
    await expectText(heading(page), offer.title);
    const response = await shop.goto(page, `/urlaub/some-other-hotel/${offer.slug}`);
    expect(response.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(offerPath(offer));
  });

  test('the offer page reads in English with English prices', async () => {
    const offer = await offerWithoutNotices();
    const english = await offerById(offer.id, 'en');
    const { page } = await shop.open(`${offerPath(offer)}?lang=en`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await expectText(heading(page), english.title);
    await expectText(page.locator('.variant-table .price').first(), /^€ \d{1,3}(,\d{3})*\.\d{2}$/);
    await expectText(page.getByRole('button', { name: 'Add to cart' }), /Add to cart/i);
  });
});
