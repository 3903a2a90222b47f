import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { formatViolations, isBlocking, runAxe, saveAxeReport } from '../support/axe.ts';
import { contentPages, offerAt, offerData, offerPath, offerWithoutNotices } from '../support/catalogue.ts';
import { expectText, heading, textOf, textsOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * The offer page answers a buyer's questions (issue 13, point 2): what is included, arrival days,
 * stays, children, pets and blackout dates from the offer's data; the price per person and night, the
 * reference price explained, incl. VAT, the right of withdrawal by the button; an FAQ; similar offers;
 * the pictures zoom in a lightbox that works by keyboard and loads only when wanted.
 */

const focusedInDialog = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('dialog')?.getAttribute('aria-labelledby') ?? null);

journey('offer page: the questions a buyer asks, answered', (shop) => {
  test('terms, inclusions, prices per person and night, VAT, the reference price and the withdrawal note', async () => {
    const offer = await offerWithoutNotices();
    const data = await offerData(offer.id);
    const { page } = await shop.open(offerPath(offer), { cookieConsent: 'necessary' });
    await expectText(heading(page), offer.title);

    // Included: the nights, the board and each inclusion of the offer's data.
    const included = page.getByRole('region', { name: 'Im Preis enthalten' });
    const items = await textsOf(included.getByRole('listitem'));
    for (const inclusion of data.terms.inclusions) {
      expect(
        items.some((item) => item.startsWith(inclusion.label)),
        inclusion.label,
      ).toBe(true);
    }
    if (data.board) expect(items.some((item) => item.includes(data.board!.short))).toBe(true);

    // Good to know: one term per question.
    const terms = page.getByRole('region', { name: 'Gut zu wissen' });
    const termNames = await textsOf(terms.locator('dt'));
    expect(termNames).toEqual(['Anreise', 'Aufenthalt', 'Kinder', 'Haustiere', 'Nicht einlösbar']);
    const answers = await textsOf(terms.locator('dd'));
    if (data.terms.arrivalDays.length === 0) expect(answers[0]).toBe('an jedem Wochentag');
    else expect(answers[0]).toMatch(/(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag)/);
    for (const period of data.terms.blackoutPeriods) expect(answers[4]).toContain(period.display);

    // Price: per person and night of the chosen (cheapest) voucher, VAT, what "statt" means.
    const buy = page.getByRole('complementary', { name: 'Wählen Sie Ihren Gutschein' });
    const cheapest = [...offer.variants].sort((a, b) => a.price.total - b.price.total)[0]!;
    await expectText(
      buy.locator('.offer-per-night'),
      new RegExp(`^${literal(cheapest.perPersonAndNight.display)} pro Person und Nacht`),
    );
    await expectText(buy.locator('.offer-price-notes'), /Endpreis inkl\. MwSt\./);
    const describedBy = await buy.locator('.offer-price').getAttribute('aria-describedby');
    expect(await textOf(page.locator(`[id="${describedBy}"]`))).toMatch(/regulärer? Preis des Hotels/);

    // The right of withdrawal right under the button, linking the terms.
    const note = buy.locator('.withdrawal-note');
    await expectText(note, /14 Tage Widerrufsrecht/);
    const termsLink = note.getByRole('link', { name: 'Widerruf und AGB' });
    const termsPage = (await contentPages()).pages.find((entry) => entry.name === 'terms')!;
    expect(await termsLink.getAttribute('href')).toBe(`/${termsPage.slug}`);

    // Choosing another voucher changes the per-night line.
    const other = offer.variants.find((variant) => variant.id !== cheapest.id && !variant.isSoldOut);
    if (other) {
      await buy.locator(`input[value="${other.id}"]`).check();
      await expectText(
        buy.locator('.offer-per-night'),
        new RegExp(`^${literal(other.perPersonAndNight.display)} `),
      );
    }
  });

  test('the FAQ opens by keyboard and answers from the offer’s data; similar offers lead on', async () => {
    const offer = await offerWithoutNotices();
    const data = await offerData(offer.id);
    const { page } = await shop.open(offerPath(offer), { cookieConsent: 'necessary' });
    const faq = page.getByRole('region', { name: 'Häufige Fragen' });
    const pets = faq.getByText('Darf mein Haustier mitkommen?');
    await pets.focus();
    await page.keyboard.press('Enter');
    const answer = faq.locator('details[open] p');
    const expected = { allowed: /^Erlaubt/, 'on-request': /^Auf Anfrage/, 'not-allowed': /^Nicht erlaubt/ };
    await expectText(answer, expected[data.terms.pets!.policy as keyof typeof expected]);

    const similar = page.getByRole('region', { name: 'Ähnliche Angebote' });
    const links = similar.locator('.offer-grid > li').getByRole('link');
    expect(await links.count()).toBeGreaterThan(0);
    const hrefs = await Promise.all((await links.all()).map((link) => link.getAttribute('href')));
    expect(hrefs).not.toContain(offerPath(offer));
    const first = await offerAt(hrefs[0]!);
    expect(first.contact.slug).not.toBe(offer.contact.slug);
    expect(first.isSoldOut).toBe(false);
  });

  test('the gallery zooms by keyboard: arrows browse, + zooms, Tab stays inside, Escape returns the focus', async () => {
    const offer = await offerWithoutNotices();
    const { page } = await shop.open(offerPath(offer), { cookieConsent: 'necessary' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const gallery = page.getByRole('region', { name: 'Bilder' });
    const first = gallery.getByRole('link', { name: 'Bild 1 von 3 vergrößern' });
    expect(scripts.filter((url) => /lightbox/.test(url))).toEqual([]);

    await first.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Bild 1 von 3' });
    await dialog.waitFor();
    expect(
      scripts.some((url) => /lightbox/.test(url)),
      'the lightbox came as its own chunk',
    ).toBe(true);
    expect(await focusedInDialog(page)).not.toBeNull();
    await expect
      .poll(() =>
        dialog.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);

    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Bild 2 von 3' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const third = page.getByRole('dialog', { name: 'Bild 3 von 3' });
    await third.waitFor();

    const zoom = third.getByRole('button', { name: 'Vergrößern' });
    expect(await zoom.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('+');
    await expect.poll(() => zoom.getAttribute('aria-pressed')).toBe('true');
    const picture = third.getByRole('img');
    const stageWidth = await third.locator('.lightbox-stage').evaluate((stage) => stage.clientWidth);
    expect((await picture.boundingBox())!.width).toBeGreaterThan(stageWidth);

    for (let step = 0; step < 8; step++) {
      await page.keyboard.press('Tab');
      expect(await focusedInDialog(page), `Tab ${step + 1} stays in the dialog`).not.toBeNull();
    }
    await page.keyboard.press('Escape');
    await third.waitFor({ state: 'hidden' });
    expect(await first.evaluate((link) => link === document.activeElement)).toBe(true);
  });

  test('a click or tap on a picture zooms at that point and browses by swipe', async () => {
    const offer = await offerWithoutNotices();
    const { page } = await shop.open(offerPath(offer), {
      cookieConsent: 'necessary',
      viewport: { width: 390, height: 844 },
    });
    await page.getByRole('link', { name: 'Bild 2 von 3 vergrößern' }).click();
    await page.getByRole('dialog', { name: 'Bild 2 von 3' }).waitFor();
    const dialog = page.locator('dialog.lightbox');
    const stage = dialog.locator('.lightbox-stage');
    const box = (await stage.boundingBox())!;
    // A swipe to the left: the next picture.
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('dialog', { name: 'Bild 3 von 3' }).waitFor();
    // A tap: zoomed in.
    await dialog.getByRole('img').click();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Vergrößern' }).getAttribute('aria-pressed'))
      .toBe('true');
    await dialog.getByRole('button', { name: 'Bilder schließen' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  test('in English and Italian the terms, FAQ and notes speak the page’s language, axe-clean', async () => {
    const offer = await offerWithoutNotices();
    const words = {
      en: {
        terms: 'Good to know',
        faq: 'Frequently asked questions',
        vat: 'Final price incl. VAT',
        withdrawal: /14-day right of withdrawal/,
      },
      it: {
        terms: 'Da sapere',
        faq: 'Domande frequenti',
        vat: 'Prezzo finale IVA inclusa',
        withdrawal: /Diritto di recesso di 14 giorni/,
      },
    };
    for (const [locale, expected] of Object.entries(words)) {
      const { page } = await shop.open(`${offerPath(offer)}?lang=${locale}`, { cookieConsent: 'necessary' });
      await page.getByRole('region', { name: expected.terms }).waitFor();
      await page.getByRole('region', { name: expected.faq }).waitFor();
      await expectText(page.locator('.offer-price-notes'), new RegExp(expected.vat));
      await expectText(page.locator('.withdrawal-note'), expected.withdrawal);
      const data = await offerData(offer.id, locale);
      const dates = await textOf(page.getByRole('region', { name: expected.terms }));
      for (const period of data.terms.blackoutPeriods) expect(dates).toContain(period.display);
      const violations = await runAxe(page);
      await saveAxeReport(`offer-${locale}`, violations);
      expect(violations.filter(isBlocking), formatViolations(violations)).toEqual([]);
    }
  });

  test('the first view loads at most 135 KB of JavaScript (gzip), without the lightbox', async () => {
    const offer = await offerWithoutNotices();
    const page = await shop.newPage({ cookieConsent: 'necessary' });
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
    });
    await shop.goto(page, offerPath(offer));
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    const sizes = await Promise.all(
      [...scripts].map(async ([url, body]) => ({
        file: new URL(url).pathname.split('/').pop(),
        kb: gzipSync(await body, { level: 9 }).length / 1024,
      })),
    );
    const gzipKb = sizes.reduce((sum, script) => sum + script.kb, 0);
    console.log(
      `offer page first view: ${gzipKb.toFixed(1)} KB gzip in ${sizes.length} scripts: ${sizes
        .map((script) => `${script.file} ${script.kb.toFixed(1)}`)
        .join(', ')}`,
    );
    expect([...scripts.keys()].filter((url) => /lightbox/.test(url))).toEqual([]);
    expect(gzipKb).toBeLessThanOrEqual(135);
  });
});

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
