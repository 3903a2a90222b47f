import { expect, test } from 'vitest';
import { goneOffer, offerAt, offerPath, offerWithoutNotices, soldOutOffer } from '../support/catalogue.ts';
import { expectText, heading, navigated, offerCards, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * No dead ends on the offer's address (issue 13, point 3): an offer no longer sold answers 410 with the
 * hotel's and the destination's current offers, an unknown offer 404 with suggestions, a sold-out
 * offer shows what is still there.
 */
journey('offer ways on: expired, unknown and sold-out offers', (shop) => {
  test('an expired offer link answers 410 and leads to current offers of its hotel and destination', async () => {
    const gone = await goneOffer();
    const { page, response } = await shop.open(`/urlaub/${gone.hotel.slug}/${gone.offer.slug}`, {
      cookieConsent: 'necessary',
    });
    expect(response.status()).toBe(410);
    await expectText(heading(page), 'Dieses Angebot gibt es nicht mehr');
    expect(await textOf(page.locator('.offer-missing > p').first())).toContain(gone.offer.title);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    const suggested = [...gone.alternatives.hotel, ...gone.alternatives.destination];
    const cards = await offerCards(page);
    expect(cards.map((card) => card.title)).toEqual(suggested.map((offer) => offer.display));
    if (gone.alternatives.destination.length > 0) {
      await page.getByRole('heading', { name: `Weitere Angebote in ${gone.destination.name}` }).waitFor();
    }

    // Its short link (newsletters, partners) leads to the same answer.
    const shortLink = await shop.goto(page, `/to/${gone.offer.id}`);
    expect(shortLink.status()).toBe(410);
    expect(new URL(page.url()).pathname).toBe(`/urlaub/${gone.hotel.slug}/${gone.offer.slug}`);

    // A suggestion opens its offer, on sale.
    await cards[0]!.link.click();
    await navigated(page, /\/urlaub\/[^/]+\/[^/]+$/);
    await expectText(heading(page), cards[0]!.title);
    const offer = await offerAt(new URL(page.url()).pathname);
    expect(offer.isSoldOut).toBe(false);
  });

  test('an unknown offer answers 404 with the hotel’s offers, or the top deals for an unknown hotel', async () => {
    const known = await offerWithoutNotices();
    const { page, response } = await shop.open(`/urlaub/${known.contact.slug}/gibt-es-nicht-mehr-0`, {
      cookieConsent: 'necessary',
    });
    expect(response.status()).toBe(404);
    await expectText(heading(page), 'Dieses Angebot haben wir nicht gefunden');
    const cards = await offerCards(page);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((card) => card.place.includes(known.contact.name))).toBe(true);

    const elsewhere = await shop.goto(page, '/urlaub/kein-hotel/kein-angebot-0');
    expect(elsewhere.status()).toBe(404);
    await page.getByRole('heading', { name: 'Unsere Top-Angebote' }).waitFor();
    expect((await offerCards(page)).length).toBeGreaterThan(0);
  });

  test('a sold-out offer leads to what is still available', async () => {
    const offer = await soldOutOffer();
    const { page } = await shop.open(offerPath(offer), { cookieConsent: 'necessary' });
    await expectText(heading(page), offer.title);
    await page.getByRole('link', { name: 'Verfügbare Alternativen ansehen' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#alternatives');
    const alternatives = page.locator('#alternatives');
    const cards = await offerCards(page, alternatives);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.some((card) => card.title === offer.title)).toBe(false);
    expect(await alternatives.locator('.badge.sold-out').count()).toBe(0);
  });
});
