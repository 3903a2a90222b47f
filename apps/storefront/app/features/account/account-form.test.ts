import { passwordMinLength } from '@shop/contracts/accounts';
import { addressCountries, genderSchema } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import * as form from './account-form.ts';
import { checkPasswordChange, checkRegistration } from './account-validation.ts';

describe('account forms', () => {
  it('know the contract’s password minimum, salutations and countries', () => {
    expect(form.passwordMinLength).toBe(passwordMinLength);
    expect(form.addressCountries).toEqual(addressCountries);
    for (const { value } of form.salutations)
      expect(genderSchema.safeParse(Number(value)).success).toBe(true);
  });

  it('registration: the contract’s messages per field, and "confirmed" for a different repeat', () => {
    const outcome = checkRegistration(
      {
        salutation: '',
        firstName: ' ',
        lastName: 'Mustermann',
        userName: 'erika@',
        password: 'kurz',
        passwordConfirmation: 'anders',
        newsletter: false,
      },
      'de',
    );
    expect(outcome).toEqual({
      ok: false,
      fieldErrors: {
        salutation: 'Anrede ist ein Pflichtfeld.',
        firstName: 'Vorname ist ein Pflichtfeld.',
        userName: 'E-Mail-Adresse muss eine gültige E-Mail-Adresse sein.',
        password: 'Passwort muss mindestens 8 Zeichen lang sein.',
        passwordConfirmation: 'Die Passwörter stimmen nicht überein.',
      },
    });
    expect(
      checkRegistration(
        {
          salutation: '20',
          firstName: 'Erika',
          lastName: 'Mustermann',
          userName: ' erika@example.com ',
          password: 'geheim1234',
          passwordConfirmation: 'geheim1234',
          newsletter: true,
        },
        'en',
      ),
    ).toEqual({
      ok: true,
      data: {
        salutation: 20,
        firstName: 'Erika',
        lastName: 'Mustermann',
        userName: 'erika@example.com',
        password: 'geheim1234',
        newsletter: true,
      },
    });
  });

  it('changing the password: an empty repeat is required, in the page’s language', () => {
    expect(
      checkPasswordChange(
        { oldPassword: 'alt-passwort', newPassword: 'neu-passwort', passwordConfirmation: '' },
        'it',
      ),
    ).toEqual({
      ok: false,
      fieldErrors: { passwordConfirmation: 'Il campo Ripeti la password è obbligatorio.' },
    });
  });
});
