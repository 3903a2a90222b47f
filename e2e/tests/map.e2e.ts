import { expect, test } from 'vitest';
import { expectText, heading, navigated, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

journey('map: all hotels on the map and as a list', (shop) => {
  test('the destinations menu leads to the map; markers show without map tiles and the list names the same hotels', async () => {
    const { page } = await shop.open('/');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByText('Reiseziele', { exact: true }).click();
    await nav.getByRole('link', { name: 'Alle Hotels auf der Karte' }).click();
    await navigated(page, (url) => url.pathname === '/urlaub/karte');

    await expectText(heading(page), 'Hotels auf der Karte');
    const intro = await textOf(page.locator('main p').first());
    const hotelCount = Number(/^(\d+) Hotels/.exec(intro)?.[1]);
    expect(hotelCount).toBeGreaterThan(10);

    // The list: every hotel once, grouped by country.
    const list = page.getByRole('region', { name: 'Alle Hotels nach Ländern' });
    const listed = list.locator('.hotel-list > li > a');
    expect(await listed.count()).toBe(hotelCount);
    expect(await list.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(3);

    // The map: tiles come through our origin from the tile server (out of reach here); the markers are
    // ours and still show.
    const map = page.getByRole('region', { name: 'Karte der Hotels' });
    const markers = map.locator('.map-marker');
    expect(await markers.count()).toBeGreaterThan(0);
    const markerHotels =
      (await map.locator('a.map-marker').count()) + (await map.locator('.map-cluster-list a').count());
    expect(markerHotels).toBe(hotelCount);
    expect(await markers.first().isVisible()).toBe(true);

    // A hotel from the list opens its page.
    const first = listed.first();
    const name = await textOf(first);
    await first.click();
    await navigated(page, (url) => url.pathname.startsWith('/urlaub/') && url.pathname !== '/urlaub/karte');
    await expectText(heading(page), name);
  });

  test('the map has a way past it for keyboard users ("skip to the list")', async () => {
    const { page } = await shop.open('/urlaub/karte');
    const skip = page.getByRole('link', { name: 'Karte überspringen, zur Liste' });
    await skip.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('hotel-list');
  });
});
