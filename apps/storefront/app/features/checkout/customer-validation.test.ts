import { addressCountries as contractCountries } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import {
  addressCountries,
  type CustomerFormValues,
  firstErrorField,
  initialValues,
} from './customer-form.ts';
import { type ValidationContext, validateCustomer } from './customer-validation.ts';

const german: ValidationContext = {
  orderId: 7,
  orderKey: 'k3y',
  locale: 'de',
  membership: null,
};

const filled: CustomerFormValues = {
  gender: '20',
  firstName: ' Erika ',
  lastName: 'Mustermann',
  email: 'erika@example.com',
  phone: '+49 89 123',
  street: 'Hauptstraße',
  houseNumber: '1a',
  postcode: '80331',
  city: 'München',
  country: 'DE',
  membershipNumber: '',
  newsletter: true,
  acceptTerms: true,
};

describe('checkout form, checked with the contract’s customerRequestSchema', () => {
  it('a complete form becomes the PUT /api/order/customer request (trimmed, typed)', () => {
    const outcome = validateCustomer(filled, german);
    expect(outcome).toEqual({
      ok: true,
      request: {
        orderId: 7,
        key: 'k3y',
        gender: 20,
        firstName: 'Erika',
        lastName: 'Mustermann',
        email: 'erika@example.com',
        phone: '+49 89 123',
        street: 'Hauptstraße',
        houseNumber: '1a',
        postcode: '80331',
        city: 'München',
        country: 'DE',
        membershipNumber: '',
        newsletter: true,
        acceptTerms: true,
      },
    });
  });

  it('an empty form: every required field names itself; the terms say "Sie müssen die AGB akzeptieren!"', () => {
    const outcome = validateCustomer(initialValues(null, 'de'), german);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.fieldErrors).toEqual({
      gender: 'Anrede ist ein Pflichtfeld.',
      firstName: 'Vorname ist ein Pflichtfeld.',
      lastName: 'Nachname ist ein Pflichtfeld.',
      email: 'E-Mail-Adresse ist ein Pflichtfeld.',
      street: 'Straße ist ein Pflichtfeld.',
      houseNumber: 'Hausnummer ist ein Pflichtfeld.',
      postcode: 'Postleitzahl ist ein Pflichtfeld.',
      city: 'Ort ist ein Pflichtfeld.',
      acceptTerms: 'Sie müssen die AGB akzeptieren!',
    });
    expect(firstErrorField(outcome.fieldErrors)).toBe('gender');
  });

  it('words every check as the server does (messages.ts), naming the field', () => {
    const outcome = validateCustomer(
      { ...filled, postcode: '1', phone: 'call me', email: 'erika@', gender: '5' as never },
      german,
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.fieldErrors).toEqual({
      gender: 'Anrede muss einer der angebotenen Werte sein.',
      postcode: 'Postleitzahl muss aus 3 bis 10 Buchstaben, Ziffern, Leerzeichen oder - bestehen.',
      phone: 'Telefon darf nur Ziffern, Leerzeichen und + ( ) / - enthalten.',
      email: 'E-Mail-Adresse muss eine gültige E-Mail-Adresse sein.',
    });
  });

  it('an empty first name and a bad e-mail: the same words as PUT /api/order/customer, in every language', () => {
    const expected = {
      de: ['Vorname ist ein Pflichtfeld.', 'E-Mail-Adresse muss eine gültige E-Mail-Adresse sein.'],
      en: ['First name is required.', 'E-mail address must be a valid e-mail address.'],
      it: [
        'Il campo Nome è obbligatorio.',
        'Il campo Indirizzo e-mail deve essere un indirizzo e-mail valido.',
      ],
    } as const;
    for (const [locale, [firstName, email]] of Object.entries(expected)) {
      const outcome = validateCustomer(
        { ...filled, firstName: '  ', email: 'erika@' },
        { ...german, locale: locale as keyof typeof expected },
      );
      expect(outcome).toEqual({ ok: false, fieldErrors: { firstName, email } });
    }
  });

  it('speaks the page’s language (Italian: no German left)', () => {
    const outcome = validateCustomer(
      { ...filled, firstName: '', postcode: 'x', acceptTerms: false },
      { ...german, locale: 'it' },
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.fieldErrors).toEqual({
      firstName: 'Il campo Nome è obbligatorio.',
      postcode: 'Il campo CAP deve contenere da 3 a 10 lettere, cifre, spazi o -.',
      acceptTerms: 'È necessario accettare i termini e condizioni!',
    });
  });

  it('too long: the field’s maximum', () => {
    const outcome = validateCustomer({ ...filled, city: 'x'.repeat(101) }, german);
    expect(!outcome.ok && outcome.fieldErrors.city).toBe('Ort darf höchstens 100 Zeichen lang sein.');
  });

  it('membership number: optional where the brand allows it, checked by its pattern and check digit', () => {
    const member = {
      ...german,
      membership: { pattern: '[0-9]{9}', checkDigit: 'luhn', optional: true, example: null } as const,
    };
    expect(validateCustomer({ ...filled, membershipNumber: '' }, member).ok).toBe(true);
    expect(validateCustomer({ ...filled, membershipNumber: '123456782' }, member)).toMatchObject({
      ok: true,
      request: { membershipNumber: '123456782' },
    });
    // Right length, wrong check digit.
    expect(validateCustomer({ ...filled, membershipNumber: '123456789' }, member)).toEqual({
      ok: false,
      fieldErrors: { membershipNumber: 'Mitgliedsnummer ist ungültig.' },
    });
    expect(validateCustomer({ ...filled, membershipNumber: '12-34' }, member)).toEqual({
      ok: false,
      fieldErrors: { membershipNumber: 'Mitgliedsnummer ist ungültig.' },
    });
    // A brand without membership numbers never sends one.
    expect(validateCustomer({ ...filled, membershipNumber: '12-34' }, german)).toMatchObject({
      ok: true,
      request: { membershipNumber: '' },
    });
  });

  it('membership number: required where the brand says so', () => {
    const member = {
      ...german,
      locale: 'it',
      membership: { pattern: '[0-9]{8}', checkDigit: 'mod11', optional: false, example: null },
    } as const;
    expect(validateCustomer({ ...filled, membershipNumber: '' }, member)).toEqual({
      ok: false,
      fieldErrors: { membershipNumber: 'Il campo Numero di socio è obbligatorio.' },
    });
    expect(validateCustomer({ ...filled, membershipNumber: '1234 5679' }, member).ok).toBe(true);
  });

  it('offers exactly the contract’s address countries', () => {
    expect([...addressCountries]).toEqual([...contractCountries]);
  });

  it('starts empty (country by language) or with the order’s customer data, terms unticked', () => {
    expect(initialValues(null, 'it').country).toBe('IT');
    const again = initialValues({ ...filled, gender: 10, country: 'AT' } as never, 'de');
    expect(again).toMatchObject({ gender: '10', country: 'AT', acceptTerms: false });
  });
});
