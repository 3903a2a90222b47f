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
  billing: { insurer: 'Alpina Reiseschutz Versicherung AG', invoiceWithinDays: 14, paymentTermDays: 30 },
};

describe('the insurance policy mail', () => {
  it.each([
    [
      'de',
      'Ihre Reiseversicherung SBX-0123456789',
      [
        'Reiseabbruchversicherung',
        'bis einschließlich Tag 4',
        '€ 29,-',
        'Die Prämie zahlen Sie an Alpina Reiseschutz Versicherung AG, nicht an uns',
        'innerhalb von 14 Tagen per Post',
        'innerhalb von 30 Tagen',
      ],
    ],
    [
      'en',
      'Your travel insurance SBX-0123456789',
      [
        'travel curtailment insurance',
        'up to and including day 4',
        '€ 29.00',
        'You pay the premium to Alpina Reiseschutz Versicherung AG',
        'within 14 days',
        'by bank transfer within 30 days',
      ],
    ],
    [
      'it',
      'La Sua assicurazione di viaggio SBX-0123456789',
      [
        'Gentile Giulia Bianchi',
        'fino al giorno 4 incluso',
        '€ 29,-',
        'Il premio è dovuto a Alpina Reiseschutz Versicherung AG',
        'entro 14 giorni',
        'con bonifico entro 30 giorni',
      ],
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
