import { expect, test } from 'vitest';
import { offerPath, offerWithoutNotices } from '../support/catalogue.ts';
import { expectText, heading, navigated, offerCards, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

journey('hotel: from an offer to its hotel', (shop) => {
  test('the hotel link on an offer opens the hotel page with its address, features and offers', async () => {
    const offer = await offerWithoutNotices();
    const { page } = await shop.open(offerPath(offer));
    await expectText(heading(page), offer.title);

    await page.locator('.offer-place').getByRole('link', { name: offer.contact.name }).click();
    await navigated(page, (url) => url.pathname === `/urlaub/${offer.contact.slug}`);

    await expectText(heading(page), offer.contact.name);
    await expectText(page.getByRole('heading', { name: 'Adresse' }), 'Adresse');
    expect(await textOf(page.locator('address'))).toMatch(/\d{4,5} \S/);
    const breadcrumbs = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    expect(await textOf(breadcrumbs.locator('[aria-current="page"]'))).toBe(offer.contact.name);

    const offers = page.getByRole('region', { name: 'Angebote in diesem Hotel' });
    const cards = await offerCards(page, offers);
    expect(cards.map((card) => card.title)).toContain(offer.title);
    for (const card of cards) expect(card.place.startsWith(offer.contact.name)).toBe(true);

    // … and back to the offer from the hotel's list.
    await cards.find((card) => card.title === offer.title)!.link.click();
    await navigated(page, (url) => url.pathname === offerPath(offer));
    await expectText(heading(page), offer.title);
  });

  test('an unknown hotel is a 404 page', async () => {
    const { page, response } = await shop.open('/urlaub/hotel-that-does-not-exist');
    expect(response.status()).toBe(404);
    await expectText(heading(page), /^Oops/);
  });
});
