import { type Locale, locales } from '@shop/contracts/locale';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AccountMailMessage, renderAccountMail } from './account-mails.tsx';
import type { RenderedMail } from './mail-message.ts';
import { testBrand, visibleHtml } from './mail-test-support.ts';

const brand = testBrand;

const accountUrl = 'https://autoclub.example/account';
const loginUrl = 'https://autoclub.example/login?next=%2Faccount';
const resetUrl = 'https://autoclub.example/password-forgotten?token=r3s3t&email=anna%40example.com';
const confirmUrl = 'https://autoclub.example/account/orders?confirm=c0nf1rm';

type AccountMailKind = AccountMailMessage['kind'];

const messages: { [K in AccountMailKind]: Extract<AccountMailMessage, { kind: K }> } = {
  'account-welcome': { kind: 'account-welcome', customerName: 'Anna Müller', accountUrl },
  'account-exists': { kind: 'account-exists', customerName: 'Anna Müller', loginUrl, resetUrl },
  'password-reset': { kind: 'password-reset', customerName: 'Anna Müller', resetUrl, validMinutes: 60 },
  'guest-orders-confirm': {
    kind: 'guest-orders-confirm',
    customerName: 'Anna Müller',
    confirmUrl,
    validDays: 7,
  },
};
const kinds = Object.keys(messages) as AccountMailKind[];

const linksOf: Record<AccountMailKind, string[]> = {
  'account-welcome': [accountUrl],
  'account-exists': [loginUrl, resetUrl],
  'password-reset': [resetUrl],
  'guest-orders-confirm': [confirmUrl],
};

describe.each(locales)('renderAccountMail in %s', (locale) => {
  describe.each(kinds)('%s', (kind) => {
    let mail: RenderedMail;
    beforeAll(async () => {
      mail = await renderAccountMail(messages[kind], brand, locale);
    });

    it('names the brand in the subject and links every URL in HTML and text', () => {
      expect(mail.subject).toContain('Autoclub Reisewelt');
      expect(mail.html).toContain(`<html dir="ltr" lang="${locale}">`);
      for (const url of linksOf[kind]) {
        expect(visibleHtml(mail.html)).toContain(`href="${url}"`);
        expect(mail.text).toContain(url);
      }
      for (const part of [mail.html, mail.text]) expect(part).toContain('Anna Müller');
    });

    it('leaks no placeholder, function or missing value', () => {
      for (const part of [mail.subject, mail.html, mail.text]) {
        expect(part).not.toMatch(/\b(?:undefined|NaN|null)\b|\[object |=>|\{\w+\}/);
      }
    });

    it('names the brand company and support contacts in the footer', () => {
      expect(mail.text).toContain('Autoclub Reisewelt GmbH');
      expect(mail.text).toContain('hilfe@autoclub.example');
      expect(mail.text).toContain('+49 89 123 456-0');
      expect(mail.html).toContain('href="mailto:hilfe@autoclub.example"');
      expect(mail.html).toContain('href="tel:+49891234560"');
    });
  });

  it('puts the call to action in the brand colours', async () => {
    const mail = await renderAccountMail(messages['password-reset'], brand, locale);
    const buttonTag = visibleHtml(mail.html).split(`<a href="${resetUrl}"`)[1]?.split('>')[0];
    expect(buttonTag).toContain('background-color:#003366;color:#ffffff');
  });
});

describe('renderAccountMail texts', () => {
  it.each([
    [
      'de',
      'Willkommen bei Autoclub Reisewelt',
      'Ihre Registrierung bei Autoclub Reisewelt',
      'Ihr neues Passwort für Autoclub Reisewelt',
      'Bestellungen zu Ihrem Kundenkonto bei Autoclub Reisewelt hinzufügen',
    ],
    [
      'en',
      'Welcome to Autoclub Reisewelt',
      'Your registration at Autoclub Reisewelt',
      'Your new password for Autoclub Reisewelt',
      'Add your orders to your Autoclub Reisewelt account',
    ],
    [
      'it',
      'Le diamo il benvenuto su Autoclub Reisewelt',
      'La Sua registrazione su Autoclub Reisewelt',
      'La Sua nuova password per Autoclub Reisewelt',
      'Aggiunga i Suoi ordini al Suo account Autoclub Reisewelt',
    ],
  ] as const)('writes the subjects in %s', async (locale, welcome, exists, reset, guestOrders) => {
    const subjects = await Promise.all(
      kinds.map(async (kind) => (await renderAccountMail(messages[kind], brand, locale)).subject),
    );
    expect(subjects).toEqual([welcome, exists, reset, guestOrders]);
  });

  it.each([
    ['de', 'Der Link ist 7 Tage lang gültig', 'während Sie in Ihrem Kundenkonto angemeldet sind'],
    ['en', 'The link is valid for 7 days', 'while you are signed in to your account'],
    ['it', 'Il link è valido per 7 giorni', 'mentre ha effettuato l’accesso al Suo account'],
  ] as const)(
    'asks in %s to follow the confirmation link signed in, and how long it works',
    async (locale, validity, signedIn) => {
      const mail = await renderAccountMail(messages['guest-orders-confirm'], brand, locale);
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain(validity);
        expect(part).toContain(signedIn);
      }
    },
  );

  it.each([
    ['de', 'Der Link ist 60 Minuten lang gültig', 'Ihr Passwort bleibt unverändert'],
    ['en', 'The link is valid for 60 minutes', 'your password stays unchanged'],
    ['it', 'Il link è valido per 60 minuti', 'la Sua password resta invariata'],
  ] as const)(
    'tells in %s how long the reset link works and that ignoring it is safe',
    async (locale, validity, unchanged) => {
      const mail = await renderAccountMail(messages['password-reset'], brand, locale);
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain(validity);
        expect(part).toContain(unchanged);
      }
    },
  );

  it('takes the validity from the message, in the singular for one minute', async () => {
    const message: AccountMailMessage = {
      ...messages['password-reset'],
      validMinutes: 1,
    };
    expect((await renderAccountMail(message, brand, 'de')).text).toContain(
      'Der Link ist 1 Minute lang gültig',
    );
    expect((await renderAccountMail(message, brand, 'en')).text).toContain('valid for 1 minute and');
    expect((await renderAccountMail(message, brand, 'it')).text).toContain('valido per 1 minuto e');
  });

  it.each([
    ['de', 'nichts geändert'],
    ['en', 'nothing has been changed'],
    ['it', 'non è stato modificato'],
  ] as const)(
    'tells in %s that an unwanted registration attempt changed nothing',
    async (locale, unchanged) => {
      const mail = await renderAccountMail(messages['account-exists'], brand, locale);
      expect(mail.text).toContain(unchanged);
    },
  );

  it.each([
    ['de', 'Guten Tag,'],
    ['en', 'Hello,'],
    ['it', 'Buongiorno,'],
  ] as const)('greets in %s without a name when the customer gave none', async (locale, greeting) => {
    for (const customerName of ['', '   ']) {
      const mail = await renderAccountMail({ ...messages['account-welcome'], customerName }, brand, locale);
      expect(mail.text).toContain(`${greeting}\n`);
      expect(mail.text).not.toMatch(/\s,/);
    }
  });

  it('addresses the customer formally: "Sie" in German, "Lei" in Italian', async () => {
    for (const kind of kinds) {
      const german = await renderAccountMail(messages[kind], brand, 'de');
      const italian = await renderAccountMail(messages[kind], brand, 'it');
      expect(german.text).toContain('Guten Tag Anna Müller,');
      expect(german.text).not.toMatch(/\b(?:du|dich|dir|dein\w*)\b/i);
      expect(italian.text).toContain('Gentile Anna Müller,');
      expect(italian.text).not.toMatch(/\b(?:ciao|tu|tuo|tua|tuoi|tue|ti)\b/i);
    }
  });

  it('keeps every language to the same mail: no German left in English or Italian', async () => {
    for (const locale of ['en', 'it'] satisfies Locale[]) {
      for (const kind of kinds) {
        const mail = await renderAccountMail(messages[kind], brand, locale);
        expect(mail.text).not.toMatch(/Kundenkonto|Passwort|Gutschein|Grüße/);
      }
    }
  });
});

describe('renderAccountMail safety', () => {
  it('escapes markup in the name', async () => {
    const script = '<script>alert(1)</script>';
    const mail = await renderAccountMail(
      { ...messages['account-welcome'], customerName: script },
      brand,
      'de',
    );
    expect(mail.html).not.toContain('<script');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('refuses links a mail reader could not follow and validities that are not whole minutes', async () => {
    const relative: AccountMailMessage = {
      ...messages['account-welcome'],
      accountUrl: '/account',
    };
    const script: AccountMailMessage = {
      ...messages['account-exists'],
      resetUrl: 'javascript:alert(1)',
    };
    await expect(renderAccountMail(relative, brand, 'de')).rejects.toThrow(/absolute http\(s\) links/);
    await expect(renderAccountMail(script, brand, 'de')).rejects.toThrow(/absolute http\(s\) links/);
    for (const validMinutes of [0, -5, 1.5, Number.NaN]) {
      const message: AccountMailMessage = {
        kind: 'password-reset',
        customerName: 'Anna',
        resetUrl,
        validMinutes,
      };
      await expect(renderAccountMail(message, brand, 'de')).rejects.toThrow(/whole number of minutes/);
    }
  });

  it('falls back to neutral colours when a brand colour is not a plain hex colour', async () => {
    const hostile = {
      ...brand,
      colors: { primary: 'red;background-image:url(https://evil.example/x)', primaryContrast: '#fff' },
    };
    const mail = await renderAccountMail(messages['password-reset'], hostile, 'de');
    expect(mail.html).not.toContain('evil.example');
    expect(mail.html).toContain('background-color:#1f2937');
  });

  it('leaves out the contact lines a brand does not have', async () => {
    const mail = await renderAccountMail(
      messages['account-exists'],
      { ...brand, supportEmail: null, supportPhone: null },
      'de',
    );
    expect(mail.html).not.toContain('mailto:');
    expect(mail.html).not.toContain('tel:');
    expect(mail.text).not.toContain('Wir helfen Ihnen gern');
    expect(mail.text).toContain('Autoclub Reisewelt GmbH');
  });
});
