import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForMail } from './account.ts';
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

type ApiSession = { cookie: string; csrfToken: string };

async function adminApi(shop: Shop, url: string, body: object, session?: ApiSession): Promise<Response> {
  const response = await fetch(`${shop.origin()}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrfToken } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response;
}

const sessionOf = async (response: Response): Promise<ApiSession> => ({
  cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
  csrfToken: ((await response.json()) as { csrfToken: string }).csrfToken,
});

/**
 * The demo operator signed in through the API, with the second factor (set up here, and remembered for
 * `signInAsOperator`, when no journey of this run has done so yet).
 */
async function operatorApiSession(shop: Shop): Promise<ApiSession> {
  if (operatorHasSecondFactor(shop)) {
    const totp = JSON.parse(await readFile(operatorTotpFile(shop), 'utf8')) as OperatorTotp;
    const code = await freshOperatorCode(shop, totp);
    return sessionOf(await adminApi(shop, '/api/admin/auth/login', { ...demoStaff.operator, totp: code }));
  }
  const session = await sessionOf(await adminApi(shop, '/api/admin/auth/login', demoStaff.operator));
  const setup = (await (await adminApi(shop, '/api/admin/auth/totp/setup', {}, session)).json()) as {
    secret: string;
  };
  const code = await freshOperatorCode(shop, { secret: setup.secret, lastStep: 0 });
  await adminApi(shop, '/api/admin/auth/totp/confirm', { code }, session);
  return session;
}

/**
 * A staff member of their own for a journey that changes its account (a second factor set up): invited
 * by the demo operator through the API, the invitation mail's link followed, a password set. All
 * journeys share one server, so the demo members' state is left to the journeys that only use it.
 */
export async function invitedMember(
  shop: Shop,
  member: { role: 'operator' | 'brand-manager' | 'support'; brands?: string[] },
): Promise<{ email: string; password: string }> {
  const session = await operatorApiSession(shop);
  const created = {
    email: `${member.role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`,
    password: 'Ein-neues-Mitglied-2026',
  };
  await adminApi(
    shop,
    '/api/admin/staff',
    { email: created.email, name: 'Neues Mitglied', role: member.role, brands: member.brands ?? [] },
    session,
  );
  const mail = await waitForMail(shop.e2e.dataDir, created.email, /\/admin\/invite#[A-Za-z0-9_-]{20,}/);
  const token = /\/admin\/invite#([A-Za-z0-9_-]{20,})/.exec(mail)?.[1] ?? '';
  await adminApi(shop, '/api/admin/auth/accept-invite', { token, password: created.password });
  return created;
}

/** An operator without a second factor, for the journeys about one: the demo operator until one is set up. */
export async function operatorWithoutSecondFactor(shop: Shop): Promise<{ email: string; password: string }> {
  return operatorHasSecondFactor(shop) ? invitedMember(shop, { role: 'operator' }) : demoStaff.operator;
}

/** axe-core (WCAG 2.2 AA) on the page as it is now: no serious or critical finding. */
export async function expectNoBlockingViolations(page: Page, name: string): Promise<void> {
  const violations = await runAxe(page);
  await saveAxeReport(name, violations);
  expect(violations.filter(isBlocking), formatViolations(violations)).toEqual([]);
}

/**
 * The operator's second factor for the whole run. One server serves every journey, and in production an
 * operator must set up TOTP before anything else: the first journey that signs the operator in does
 * that and keeps the secret in the server's DATA_DIR; later ones answer the code question with it.
 * The server takes each time step once, so the last step used is kept too.
 */
type OperatorTotp = { secret: string; lastStep: number };
const operatorTotpFile = (shop: Shop) => path.join(shop.e2e.dataDir, 'e2e-operator-totp.json');

/**
 * An earlier journey of this run set up the demo operator's second factor (`signInAsOperator`): a
 * journey about an operator without one sees the other side (signs in with the code).
 */
export const operatorHasSecondFactor = (shop: Shop): boolean => existsSync(operatorTotpFile(shop));
const totpOf = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
const stepNow = () => Math.floor(Date.now() / 30_000);

/** A code of a time step the server has not seen yet (up to 30 s wait), remembered as used. */
async function freshOperatorCode(shop: Shop, totp: OperatorTotp): Promise<string> {
  await expect.poll(stepNow, { timeout: 35_000, interval: 500 }).toBeGreaterThan(totp.lastStep);
  const step = stepNow();
  await writeFile(operatorTotpFile(shop), JSON.stringify({ secret: totp.secret, lastStep: step }));
  return totpOf(totp.secret).generate({ timestamp: step * 30_000 });
}

/**
 * The operator signs in (the page is on the sign-in). Without a second factor yet they are sent to
 * /admin/security and set it up with the shown key, ending on the recovery codes; with one, the
 * sign-in asks for the code, and they end on the orders list.
 */
export async function signInAsOperator(shop: Shop, page: Page): Promise<void> {
  await submitPassword(page, demoStaff.operator);
  const codeField = page.getByRole('textbox', {
    name: 'Code aus der Authenticator-App oder Wiederherstellungscode',
  });
  const where = async () => {
    const pathname = new URL(page.url()).pathname;
    if (pathname !== '/admin/login') return pathname;
    return (await codeField.count()) > 0 ? 'code' : null;
  };
  await expect.poll(where, { timeout: 15_000 }).not.toBeNull();
  const step = await where();
  if (step === '/admin/orders') return;
  if (step === 'code') {
    const totp = JSON.parse(await readFile(operatorTotpFile(shop), 'utf8')) as OperatorTotp;
    await codeField.fill(await freshOperatorCode(shop, totp));
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    return;
  }
  await page.getByRole('button', { name: 'Einrichtung beginnen' }).click();
  const secret = await textOf(page.locator('.totp-secret'));
  const code = await freshOperatorCode(shop, { secret, lastStep: 0 });
  await page.getByRole('textbox', { name: 'Sechsstelliger Code aus der App' }).fill(code);
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await page.getByRole('heading', { name: 'Ihre Wiederherstellungscodes' }).waitFor();
}
