import { readFile } from 'node:fs/promises';
import * as mupdf from 'mupdf';
import { expect, test } from 'vitest';
import {
  expectNoBlockingViolations,
  expectNoConsoleErrors,
  openAdmin,
  signInAsOperator,
} from '../support/admin.ts';
import { expectText, heading, textOf } from '../support/page-helpers.ts';
import { journey } from '../support/shop.ts';

/** A PDF's text as a reader sees it (white space runs as one space). */
function pdfText(pdf: Buffer): string {
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const pages: string[] = [];
  for (let index = 0; index < document.countPages(); index++) {
    pages.push(document.loadPage(index).toStructuredText('preserve-whitespace').asText());
  }
  return pages.join(' ').replace(/\s+/g, ' ');
}

/**
 * Issue 26, gift cards: the operator issues a card in the back office, downloads it as a printable PDF
 * that carries its code, and blocks it with a note; its page lists the issue and the block.
 */
journey('back office: gift cards', (shop) => {
  test('issue a card, download its PDF, block it', async () => {
    const page = await openAdmin(shop);
    await signInAsOperator(shop, page);
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Geschenkgutscheine' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/gift-cards');
    await expect.poll(() => heading(page).textContent()).toBe('Geschenkgutscheine');
    await expectNoBlockingViolations(page, 'admin-gift-cards');

    await page.getByRole('button', { name: 'Gutschein ausstellen' }).click();
    const issue = page.getByRole('dialog', { name: 'Geschenkgutschein ausstellen' });
    await issue.getByRole('combobox', { name: 'Marke' }).selectOption('familyclub');
    // A wrong amount is named at its field and issues nothing.
    await issue.getByRole('textbox', { name: 'Betrag in Euro' }).fill('viel');
    await issue.getByRole('button', { name: 'Gutschein ausstellen' }).click();
    await expectText(issue, /Betrag von 1,00 bis 10000,00 Euro/);
    await issue.getByRole('textbox', { name: 'Betrag in Euro' }).fill('75,50');
    await issue.getByRole('textbox', { name: /^Für/ }).fill('Erika Mustermann');
    await expectNoBlockingViolations(page, 'admin-gift-card-issue');
    await issue.getByRole('button', { name: 'Gutschein ausstellen' }).click();
    await page.waitForURL((url) => /^\/admin\/gift-cards\/\d+$/.test(url.pathname));
    await expect.poll(() => heading(page).textContent()).toMatch(/^Geschenkgutschein GC-[A-Z2-9-]{14}$/);
    const code = String(await heading(page).textContent()).replace('Geschenkgutschein ', '');
    const facts = page.locator('[aria-labelledby="card-facts"]');
    await expectText(facts, /einlösbar/);
    await expectText(facts, /Erika Mustermann/);

    // The printable card, downloaded as a file: the code, the amount and how to redeem it.
    const link = page.getByRole('link', { name: 'PDF herunterladen (Deutsch)' });
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const pdf = await readFile(await file.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(code);
    expect(text).toContain('€ 75,50');
    expect(text).toContain('Für Erika Mustermann');
    expect(text).toContain('So lösen Sie Ihren Gutschein ein');

    // Blocked with a note, confirmed in a dialog: the state and the movements say so.
    await page.getByRole('button', { name: 'Sperren', exact: true }).click();
    const block = page.getByRole('dialog', { name: 'Gutschein sperren' });
    await block.getByRole('textbox', { name: /Notiz/ }).fill('Kundin meldet Verlust');
    await block.getByRole('button', { name: 'Sperren' }).click();
    await block.waitFor({ state: 'detached' });
    await expectText(facts, /gesperrt/);
    await expectText(facts, /Kundin meldet Verlust/);
    const movements = page.locator('[aria-labelledby="card-movements"] table.grid tbody tr');
    await expect.poll(() => movements.count()).toBe(2);
    expect(await textOf(movements.nth(0))).toMatch(/ausgestellt/);
    expect(await textOf(movements.nth(1))).toMatch(/gesperrt.*operator@example\.org.*Kundin meldet Verlust/);
    expect(await page.getByRole('button', { name: 'Sperren', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Entsperren', exact: true }).count()).toBe(1);
    await expectNoBlockingViolations(page, 'admin-gift-card');

    // The list finds it by its code, blocked.
    await page.getByRole('link', { name: 'Zurück zur Liste' }).click();
    await page.getByRole('textbox', { name: 'Code oder sein Anfang' }).fill(code);
    await page.getByRole('button', { name: 'Suchen' }).click();
    await expectText(page.locator('.results-count'), '1 Gutschein gefunden');
    expect(await textOf(page.locator('table.grid tbody tr'))).toMatch(/gesperrt/);
    expectNoConsoleErrors(page);
  });
});
