import { describe, expect, it } from 'vitest';
import { renderInsurancePolicyMail } from './insurance-policy-mail.tsx';
import { testBrand, visibleHtml } from './mail-test-support.ts';

const message = {
  customerName: 'Giulia Bianchi',
  policyNumber: 'SBX-0123456789',
  type: 'curtailment' as const,
  coveredDays: 4,
  premiumCents: 2_900,
  voucherCode: 'K7QM-XR4T-9P2W',
  offerTitle: 'Wellness am Gardasee',
  hotelName: 'Hotel Lido Palace',
  travellers: ['Sig.ra Giulia Bianchi', 'Sig. Marco Bianchi'],
  pdfUrl: 'https://autoclub.example/api/insurance/policy/42/key/SBX-0123456789.pdf',
  orderUrl: 'https://autoclub.example/view/42/key',
};

describe('the insurance policy mail', () => {
  it.each([
    [
      'de',
      'Ihre Reiseversicherung SBX-0123456789',
      ['Reiseabbruchversicherung', 'bis einschließlich Tag 4', '€ 29,-', 'an den Versicherer zu zahlen'],
    ],
    [
      'en',
      'Your travel insurance SBX-0123456789',
      ['travel curtailment insurance', 'up to and including day 4', '€ 29.00', 'payable to the insurer'],
    ],
    [
      'it',
      'La Sua assicurazione di viaggio SBX-0123456789',
      ['Gentile Giulia Bianchi', 'fino al giorno 4 incluso', '€ 29,-', 'Le invierà'],
    ],
  ] as const)(
    'is written in %s with the policy, the cover and who bills the premium',
    async (locale, subject, phrases) => {
      const mail = await renderInsurancePolicyMail(message, testBrand, locale);
      expect(mail.subject).toBe(subject);
      const html = visibleHtml(mail.html);
      for (const phrase of [
        ...phrases,
        'SBX-0123456789',
        'Marco Bianchi',
        'Hotel Lido Palace',
        message.pdfUrl,
      ]) {
        expect(html).toContain(phrase);
        expect(mail.text).toContain(phrase);
      }
    },
  );

  it('refuses a premium that is not whole cents', async () => {
    await expect(
      renderInsurancePolicyMail({ ...message, premiumCents: 29.5 }, testBrand, 'de'),
    ).rejects.toThrow();
  });
});
