import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Shop } from './shop.ts';

/** Customer accounts in the browser, in German: addresses, registration, the login window, the mails. */

let counter = 0;

/** An address no other test uses (every run starts on a fresh database). */
export const newAddress = (name: string) => `e2e-${name}-${Date.now()}-${counter++}@example.com`;

export const password = 'Sommer-Urlaub-2026';

/** Registers through the API (the journeys that are not about registering start with an account). */
export async function registerByApi(shop: Shop, email: string, secret = password): Promise<void> {
  const response = await fetch(`${shop.e2e.baseUrl}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'de' },
    body: JSON.stringify({
      userName: email,
      password: secret,
      salutation: 20,
      firstName: 'Erika',
      lastName: 'Mustermann',
      newsletter: false,
    }),
  });
  if (response.status !== 202)
    throw new Error(`register ${email}: ${response.status} ${await response.text()}`);
}

export const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Anmelden' });

/** Fills the open login window and submits it. */
export async function submitLogin(page: Page, email: string, secret = password): Promise<void> {
  const dialog = loginDialog(page);
  await dialog.waitFor();
  await dialog.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await dialog.getByLabel('Passwort', { exact: true }).fill(secret);
  await dialog.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/** Signs in through the login window (it closes once signed in). */
export async function signInThroughWindow(page: Page, email: string, secret = password): Promise<void> {
  await submitLogin(page, email, secret);
  await loginDialog(page).waitFor({ state: 'hidden' });
}

/** Opens the login window from the top bar and signs in. */
export async function signInFromHeader(page: Page, email: string, secret = password): Promise<void> {
  await page.getByRole('button', { name: 'Mein Konto' }).click();
  await signInThroughWindow(page, email, secret);
  await page.getByRole('link', { name: 'Mein Konto (angemeldet)' }).waitFor();
}

/**
 * The newest mail to `email` in the server's outbox (DATA_DIR/outbox/*.eml, written by the mail job)
 * whose text matches `pattern`, as plain text (quoted-printable and base64 parts decoded).
 */
export async function waitForMail(dataDir: string, email: string, pattern: RegExp, timeoutMs = 20_000) {
  const outbox = path.join(dataDir, 'outbox');
  const stopAt = Date.now() + timeoutMs;
  while (Date.now() < stopAt) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
    for (const name of names) {
      const text = decodeMail(await readFile(path.join(outbox, name), 'utf8'));
      if (text.includes(email) && pattern.test(text)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${email} matching ${pattern} within ${timeoutMs} ms`);
}

/** A raw MIME message as readable text: each part's body decoded by its transfer encoding. */
function decodeMail(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head)) {
        return `${head}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
      }
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        const bytes = body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        return `${head}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
      }
      return part;
    })
    .join('\n');
}
