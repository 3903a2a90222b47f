import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  expectNoBlockingViolations,
  expectNoConsoleErrors,
  openAdmin,
  signInAsOperator,
} from '../support/admin.ts';
import { expectText, heading } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/**
 * Issue 26, content pages: the operator opens the default help page, adds a paragraph with a
 * placeholder and an attempt at markup, sees the preview in the shop's styles follow the typing (the
 * placeholder filled, the markup escaped), saves, and the shop's page shows the new text within 5 s.
 */
const previewFrame = (page: Page) =>
  page.getByTitle('Vorschau der Seite, wie der Shop sie zeigt').contentFrame();

journey('back office: content pages', (shop) => {
  test('edit the help page beside its preview; the shop shows the saved text', async () => {
    const marker = `Neu im Herbst ${Date.now()}`;
    const page = await openAdmin(shop);
    await signInAsOperator(shop, page);
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Inhaltsseiten' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/content');
    await expect.poll(() => heading(page).textContent()).toBe('Inhaltsseiten');
    // The default pages in German; the help page opens in the editor.
    await page.getByRole('link', { name: 'Bearbeiten „Hilfe und häufige Fragen“' }).click();
    await page.waitForURL((url) => /^[1-9]\d*$/.test(url.searchParams.get('page') ?? ''));
    const body = page.getByRole('textbox', { name: 'Text (Markdown)' });
    expect(await body.inputValue()).toContain('## Wie funktioniert ein Hotelgutschein?');

    // The preview is the shop's page: its article, its stylesheet (the narrow column), its headings.
    const preview = previewFrame(page);
    await expectText(preview.getByRole('heading', { level: 1 }), 'Hilfe und häufige Fragen');
    await expect
      .poll(() =>
        preview.locator('article.content-page').evaluate((article) => getComputedStyle(article).maxWidth),
      )
      .toBe('760px');
    await expectText(
      preview.getByRole('heading', { level: 2 }).first(),
      'Wie funktioniert ein Hotelgutschein?',
    );

    await body.fill(`${await body.inputValue()}\n\n## ${marker}\n\nFragen an **{{company}}** <b>fett?</b>`);
    await expectText(preview.getByRole('heading', { level: 2, name: marker }), marker);
    // A default page: the placeholders filled with the brand chosen for the preview, the markup as text.
    await page
      .getByLabel('Vorschau mit den Daten der Marke')
      .selectOption({ label: 'Ferienglück Gutscheine' });
    const paragraph = preview.locator('p').last();
    await expectText(paragraph, 'Fragen an Ferienglück Touristik GmbH <b>fett?</b>');
    expect(await paragraph.locator('strong').textContent()).toBe('Ferienglück Touristik GmbH');
    expect(await paragraph.locator('b').count()).toBe(0);
    await expectNoBlockingViolations(page, 'admin-content');

    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expectText(
      page.getByTestId('announcement'),
      'Die Seite ist gespeichert. Der Shop zeigt sie in wenigen Sekunden.',
    );

    // The shop's page, within 5 s: the new section, the demo brand's company in the placeholder.
    const saved = Date.now();
    const { page: visitor } = await shop.open('/faq', { cookieConsent: 'necessary' });
    await expect
      .poll(
        async () => {
          await visitor.reload({ waitUntil: 'domcontentloaded' });
          return visitor.getByRole('heading', { level: 2, name: marker }).count();
        },
        { timeout: 5_000, interval: 250 },
      )
      .toBe(1);
    expect(Date.now() - saved).toBeLessThan(5_000);
    const shown = visitor.locator('main article p').last();
    await expectText(shown, 'Fragen an Ferienglück Touristik GmbH <b>fett?</b>');
    expectNoConsoleErrors(page);
  });
});
