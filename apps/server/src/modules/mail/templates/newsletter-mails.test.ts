import { locales } from '@shop/contracts/locale';
import { describe, expect, it } from 'vitest';
import type { RenderedMail } from './mail-message.ts';
import { testBrand, visibleHtml } from './mail-test-support.ts';
import { type NewsletterConfirmMessage, renderNewsletterMail } from './newsletter-mails.tsx';

const message: NewsletterConfirmMessage = {
  kind: 'newsletter-confirm',
  confirmUrl: 'https://autoclub.example/newsletter/confirm?token=c0nf1rm-t0ken',
  unsubscribeUrl: 'https://autoclub.example/newsletter/unsubscribe?token=12.un5ub',
  validDays: 7,
};

const expected = {
  de: {
    subject: 'Bitte bestätigen Sie Ihre Newsletter-Anmeldung bei Autoclub Reisewelt',
    greeting: 'Guten Tag,',
    validity: 'Der Link ist 7 Tage lang gültig und funktioniert nur ein einziges Mal.',
    button: 'Anmeldung bestätigen',
  },
  en: {
    subject: 'Please confirm your newsletter subscription at Autoclub Reisewelt',
    greeting: 'Hello,',
    validity: 'The link is valid for 7 days and works only once.',
    button: 'Confirm subscription',
  },
  it: {
    subject: 'La preghiamo di confermare l’iscrizione alla newsletter di Autoclub Reisewelt',
    greeting: 'Buongiorno,',
    validity: 'Il link è valido per 7 giorni e funziona una sola volta.',
    button: 'Conferma l’iscrizione',
  },
} as const;

describe.each(locales)('renderNewsletterMail in %s', (locale) => {
  let mail: RenderedMail;
  it('writes subject, greeting, button and validity in the language, with both links in HTML and text', async () => {
    mail = await renderNewsletterMail(message, testBrand, locale);
    const words = expected[locale];
    expect(mail.subject).toBe(words.subject);
    expect(mail.html).toContain(`<html dir="ltr" lang="${locale}">`);
    for (const part of [mail.text, visibleHtml(mail.html)]) {
      expect(part).toContain(words.greeting);
      expect(part).toContain(words.validity);
      expect(part).toContain(words.button);
    }
    for (const url of [message.confirmUrl, message.unsubscribeUrl]) {
      expect(visibleHtml(mail.html)).toContain(`href="${url}"`);
      expect(mail.text).toContain(url);
    }
  });

  it('leaks no placeholder, function or missing value, and names the brand’s company and contacts', () => {
    for (const part of [mail.subject, mail.html, mail.text]) {
      expect(part).not.toMatch(/\b(?:undefined|NaN|null)\b|\[object |=>|\{\w+\}/);
    }
    expect(mail.text).toContain('Autoclub Reisewelt GmbH');
    expect(mail.text).toContain('hilfe@autoclub.example');
  });
});

describe('renderNewsletterMail', () => {
  it('addresses the reader formally and keeps each language to itself', async () => {
    const german = await renderNewsletterMail(message, testBrand, 'de');
    const italian = await renderNewsletterMail(message, testBrand, 'it');
    const english = await renderNewsletterMail(message, testBrand, 'en');
    expect(german.text).toMatch(/\bSie\b/);
    expect(german.text).not.toMatch(/\b(?:du|dich|dir|dein\w*)\b/i);
    expect(italian.text).toMatch(/\bSua\b/);
    expect(italian.text).not.toMatch(/\b(?:ciao|tu|tuo|tua|tuoi|tue|ti)\b/i);
    for (const other of [italian, english]) expect(other.text).not.toMatch(/Anmeldung|bestätigen|Grüße/);
  });

  it('refuses links a reader could not follow and validities that are not whole days', async () => {
    await expect(
      renderNewsletterMail({ ...message, confirmUrl: '/newsletter/confirm?token=x' }, testBrand, 'de'),
    ).rejects.toThrow(/absolute http\(s\) links/);
    await expect(
      renderNewsletterMail({ ...message, unsubscribeUrl: 'javascript:alert(1)' }, testBrand, 'de'),
    ).rejects.toThrow(/absolute http\(s\) links/);
    for (const validDays of [0, -1, 1.5]) {
      await expect(renderNewsletterMail({ ...message, validDays }, testBrand, 'de')).rejects.toThrow(
        /whole number/,
      );
    }
  });
});
