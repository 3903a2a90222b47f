import { describe, expect, it } from 'vitest';
import { hasUnsavedChanges, isAwaitingVouchers, voucherErrorsFromServer } from './voucher-form.ts';
import { validateVoucher } from './voucher-validation.ts';

const filled = { firstName: 'Jürgen', lastName: 'Groß', message: '', layout: 'plain' as const };

describe('the voucher guest form', () => {
  it('sends the trimmed names, no message when it is blank, and the chosen layout', () => {
    const outcome = validateVoucher(
      { firstName: ' Jürgen ', lastName: 'Groß', message: '   ', layout: 'gift' },
      { locale: 'de', messageLabel: 'Persönliche Nachricht' },
    );
    expect(outcome).toEqual({
      ok: true,
      update: { customer: { firstName: 'Jürgen', lastName: 'Groß' }, message: null, layout: 'gift' },
    });
  });

  it('names each missing guest name in the visitor’s language', () => {
    const outcome = validateVoucher(
      { ...filled, firstName: ' ', lastName: '' },
      { locale: 'it', messageLabel: 'Messaggio personale' },
    );
    expect(outcome).toEqual({
      ok: false,
      fieldErrors: {
        firstName: 'Il campo Nome è obbligatorio.',
        lastName: 'Il campo Cognome è obbligatorio.',
      },
    });
  });

  it('refuses a message over 500 characters, calling the field by its label', () => {
    const outcome = validateVoucher(
      { ...filled, message: 'x'.repeat(501) },
      { locale: 'en', messageLabel: 'Personal message' },
    );
    expect(outcome).toEqual({
      ok: false,
      fieldErrors: { message: 'Personal message may be at most 500 characters long.' },
    });
  });

  it('puts the server’s messages at their fields (paths like customer.firstName)', () => {
    expect(
      voucherErrorsFromServer({ 'customer.firstName': 'Vorname ist ein Pflichtfeld.', '(root)': 'x' }),
    ).toEqual({ firstName: 'Vorname ist ein Pflichtfeld.' });
  });
});

describe('waiting for the vouchers (SPEC §8)', () => {
  it('waits while the payment is confirmed or a paid order has no vouchers yet', () => {
    expect(isAwaitingVouchers({ status: 'payment-pending', vouchers: [] })).toBe(true);
    expect(isAwaitingVouchers({ status: 'paid', vouchers: [] })).toBe(true);
    expect(
      isAwaitingVouchers({ status: 'paid', vouchers: [{ id: 1, code: 'A', state: 'valid', usedAt: null }] }),
    ).toBe(false);
    expect(isAwaitingVouchers({ status: 'awaiting-payment', vouchers: [] })).toBe(false);
    expect(isAwaitingVouchers({ status: 'cancelled', vouchers: [] })).toBe(false);
  });
});

describe('printing only what is saved', () => {
  const saved = {
    id: 1,
    code: 'AAAA-BBBB-CCCC',
    offerTitle: 'Wellness',
    hotelName: 'Hotel',
    nights: 2,
    persons: 2,
    validUntil: '2029-01-01T00:00:00.000Z',
    customer: { firstName: 'Jürgen', lastName: 'Groß' },
    message: null,
    layout: 'plain' as const,
    isLocked: false,
    printedAt: null,
    refundedAt: null,
  };

  it('counts any typed difference from the saved voucher as unsaved, and the saved values as not', () => {
    expect(hasUnsavedChanges(filled, saved)).toBe(false);
    expect(hasUnsavedChanges({ ...filled, firstName: 'Jürgen ' }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...filled, layout: 'gift' }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...filled, message: 'Hallo' }, saved)).toBe(true);
    expect(hasUnsavedChanges(filled, { ...saved, customer: null })).toBe(true);
  });
});
