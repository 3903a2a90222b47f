import { expect, test } from 'vitest';
import { expectNoBlockingViolations, openAdmin, signInAsOperator } from '../support/admin.ts';
import { api } from '../support/catalogue.ts';
import { expectText } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

type Offer = { id: number; variants: { id: number; price: { total: number } }[] };

/** The shop's offer once `isDone` holds for it, or after 5 s (the change watch's promise). */
async function shopOffer(id: number, isDone: (offer: Offer) => boolean): Promise<Offer> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const offer = await api<Offer>(`/api/offer?id=${id}`).catch(() => null);
    if ((offer && isDone(offer)) || Date.now() > deadline) return offer as Offer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Issue 26, the catalogue's CSV and bulk change in the back office: the operator downloads the export,
 * checks a file with a bad price, an unknown country and a taken address (three errors, nothing
 * written), imports the corrected file, and raises the new offer's price for its list; the shop sells
 * what was imported at the price set.
 */
journey('back office: catalogue export, import with a dry run, bulk change', (shop) => {
  test('three errors change nothing; the corrected file imports; a bulk change reaches the shop', async () => {
    const page = await openAdmin(shop);
    await signInAsOperator(shop, page);
    await shop.goto(page, `${shop.e2e.baseUrl}/admin/catalogue/offers`);
    const href = String(await page.getByRole('link', { name: 'Als CSV exportieren' }).getAttribute('href'));
    const csv = (await (await page.context().request.get(href)).text()).replace(/^\uFEFF/, '');
    const [headLine, ...lines] = csv.split(/\r?\n/).filter(Boolean);
    const head = headLine!.split(';');
    expect(head).toEqual(
      expect.arrayContaining(['offer_id', 'offer_slug', 'country', 'price', 'variant_id']),
    );
    // Lines without quoted cells read as plain `;`-separated cells.
    const rows = lines
      .filter((line) => !line.includes('"'))
      .map((line) => Object.fromEntries(line.split(';').map((cell, i) => [head[i]!, cell])));
    const offer = rows.find((row) => row.active === '1' && row.brand === '')!;
    const sibling = rows.find((row) => row.offer_id !== offer.offer_id)!;
    const before = await shopOffer(Number(offer.offer_id), () => true);
    const slug = `e2e-import-${Date.now().toString(36)}`;
    const newOffer = (overrides: Record<string, string>) => ({
      ...offer,
      offer_id: '',
      variant_id: '',
      offer_slug: slug,
      title_de: 'Importiertes Testangebot am See',
      ...overrides,
    });
    const fileOf = (data: Record<string, string>[]) =>
      Buffer.from(
        [head.join(';'), ...data.map((row) => head.map((column) => row[column] ?? '').join(';'))].join(
          '\r\n',
        ),
      );

    await page.getByRole('link', { name: 'CSV importieren' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/catalogue/import');
    const outcome = page.getByTestId('catalogue-import');
    const check = async (name: string, data: Record<string, string>[]) => {
      await page.getByLabel('CSV-Datei').setInputFiles({ name, mimeType: 'text/csv', buffer: fileOf(data) });
      await page.getByRole('button', { name: 'Prüfen' }).click();
    };

    await check('fehler.csv', [
      { ...offer, price: '12x,00' },
      newOffer({ country: 'XX' }),
      newOffer({ offer_slug: sibling.offer_slug! }),
    ]);
    await expectText(outcome, /3 Fehler/);
    const errors = outcome.getByRole('table').last();
    await expectText(errors, /Kein gültiger Betrag/);
    await expectText(errors, /Das Land „XX“ kennt der Katalog nicht/);
    await expectText(errors, /Diese Adresse hat schon ein anderes Angebot/);
    expect(await outcome.getByRole('button', { name: 'Importieren' }).count()).toBe(0);
    await expectNoBlockingViolations(page, 'admin-catalogue-import-errors');
    // Nothing was written: the shop still sells the offer at its price.
    expect((await shopOffer(Number(offer.offer_id), () => true)).variants).toEqual(before.variants);

    await check('richtig.csv', [newOffer({ price: '123,00', stock: '9' })]);
    await expectText(outcome, /Angebot neu/);
    await outcome.getByRole('button', { name: 'Importieren' }).click();
    await expectText(outcome, /Importiert\./, 30_000);
    // The shop's search takes the new offer in within 5 s (the change watch's promise).
    const imported = Date.now();
    let created: { id: number; slug: string } | undefined;
    while (!created && Date.now() - imported < 5_000) {
      const found = await api<{ items: { id: number; slug: string }[] }>('/api/offer/search', {
        query: 'Importiertes Testangebot',
        facets: false,
      });
      created = found.items.find((item) => item.slug === slug);
      if (!created) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(created, 'the imported offer is found by the shop within 5 s').toBeDefined();
    expect((await shopOffer(created!.id, () => true)).variants.map((variant) => variant.price.total)).toEqual(
      [12_300],
    );

    // The list filtered to the new offer: its price up 10 %, previewed, then applied.
    await shop.goto(page, `${shop.e2e.baseUrl}/admin/catalogue/offers?query=${slug}`);
    await page.getByRole('button', { name: 'Preis / Bestand ändern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preis oder Bestand aller gefundenen Angebote ändern' });
    await dialog.getByRole('textbox', { name: 'Wert' }).fill('10');
    await dialog.getByRole('button', { name: 'Vorschau' }).click();
    await expectText(dialog.getByTestId('bulk-preview').getByRole('status'), /1 Varianten werden geändert/);
    await expectNoBlockingViolations(page, 'admin-bulk-variant-dialog');
    await dialog.getByRole('button', { name: 'Anwenden' }).click();
    const raised = await shopOffer(created!.id, (shown) => shown.variants[0]?.price.total === 13_500);
    // 123 € is a whole-euro price: up 10 % is 135.30 €, kept whole as 135 €.
    expect(raised.variants[0]?.price.total).toBe(13_500);
  });
});
