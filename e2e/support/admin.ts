import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { formatViolations, isBlocking, runAxe, saveAxeReport } from './axe.ts';
import { heading, textOf } from './page-helpers.ts';
import type { PageOptions, Shop } from './shop.ts';

/**
 * The back office in the browser (/admin, German unless the test says otherwise): the demo staff, the
 * sign-in, and what its journeys share.
 */
export const demoStaff = {
  operator: { email: 'operator@example.org', password: 'demo-operator-2026' },
  manager: { email: 'manager.autoclub@example.org', password: 'demo-manager-2026' },
  support: { email: 'support@example.org', password: 'demo-support-2026' },
} as const;

const consoleErrors = new WeakMap<Page, string[]>();

/**
 * A fresh browser context on the back office's sign-in. What the app logs as an error is kept for
 * `expectNoConsoleErrors`; the browser's own line for an answer with an error status is not (a refused
 * code is a 401 the test asks for).
 */
export async function openAdmin(shop: Shop, path = '/admin/login', options: PageOptions = {}): Promise<Page> {
  const page = await shop.newPage(options);
  const errors: string[] = [];
  consoleErrors.set(page, errors);
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  await shop.goto(page, path);
  return page;
}

/** Nothing the app logged as an error since `openAdmin` (React, a failed render, our own console.error). */
export function expectNoConsoleErrors(page: Page): void {
  expect(consoleErrors.get(page) ?? []).toEqual([]);
}

/** Types the address and password into the sign-in and sends them (the code, if asked, is the test's). */
export async function submitPassword(page: Page, member: { email: string; password: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(member.email);
  await page.getByLabel('Passwort', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** Signs in with the password alone and waits for the orders list. */
export async function signInToOrders(page: Page, member: { email: string; password: string }): Promise<void> {
  await submitPassword(page, member);
  await page.waitForURL((url) => url.pathname === '/admin/orders');
  await expect.poll(() => heading(page).textContent()).toBe('Bestellungen');
}

/**
 * The operator signs in. The e2e server runs as production, where an operator must set up the second
 * factor first (sent to /admin/security): the first journey to sign in does that with the shown
 * secret, as the TOTP journey does, and keeps the secret beside the server's data (one server per
 * run, journeys in any order); a later sign-in answers the code step with it.
 */
export async function signInAsOperator(page: Page, shop: Shop): Promise<void> {
  const stored = operatorSecretFile(shop);
  await submitPassword(page, demoStaff.operator);
  const codeField = page.getByRole('textbox', { name: /^Code aus der Authenticator-App/ });
  await Promise.race([
    page.waitForURL((url) => url.pathname === '/admin/security' || url.pathname === '/admin/orders'),
    codeField.waitFor(),
  ]);
  const pathname = new URL(page.url()).pathname;
  if (pathname === '/admin/orders') return;
  if (pathname === '/admin/security') {
    await page.getByRole('button', { name: 'Einrichtung beginnen' }).click();
    const secret = await textOf(page.locator('.totp-secret'));
    const code = await nextCode({ secret, lastStep: 0 });
    await page.getByRole('textbox', { name: 'Sechsstelliger Code aus der App' }).fill(code.code);
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await page.getByRole('heading', { name: 'Ihre Wiederherstellungscodes' }).waitFor();
    await writeFile(stored, JSON.stringify({ secret, lastStep: code.step }));
    return;
  }
  const saved = JSON.parse(await readFile(stored, 'utf8')) as OperatorTotp;
  const code = await nextCode(saved);
  await codeField.fill(code.code);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/orders');
  await writeFile(stored, JSON.stringify({ secret: saved.secret, lastStep: code.step }));
}

type OperatorTotp = { secret: string; lastStep: number };

const operatorSecretFile = (shop: Shop) => path.join(shop.e2e.dataDir, 'e2e-operator-totp.json');

/**
 * An earlier journey of this run set up the demo operator's second factor (`signInAsOperator`): a
 * journey about an operator without one sees the other side (signs in with the code).
 */
export const operatorHasSecondFactor = (shop: Shop): boolean => existsSync(operatorSecretFile(shop));

/**
 * A code the server takes: it accepts one step early or late, each step once (a step newer than the
 * last one used), so a sign-in soon after another uses the next step, waiting for it if need be.
 */
async function nextCode({ secret, lastStep }: OperatorTotp): Promise<{ code: string; step: number }> {
  const periodMs = 30_000;
  const current = Math.floor(Date.now() / periodMs);
  const step = Math.max(current, lastStep + 1);
  if (step > current + 1)
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * periodMs - Date.now() + 500));
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return { code: totp.generate({ timestamp: step * periodMs }), step };
}

/** axe-core (WCAG 2.2 AA) on the page as it is now: no serious or critical finding. */
export async function expectNoBlockingViolations(page: Page, name: string): Promise<void> {
  const violations = await runAxe(page);
  await saveAxeReport(name, violations);
  expect(violations.filter(isBlocking), formatViolations(violations)).toEqual([]);
}
