import type { Problem } from '@shop/contracts/problem';
import { describe, expect, it } from 'vitest';
import { type ApiFailure, reactToFailure, splitDetail } from './error-catalogue.ts';

const problem = (fields: Partial<Problem> & Pick<Problem, 'status' | 'type'>): ApiFailure => ({
  kind: 'problem',
  problem: { title: `title of ${fields.type}`, ...fields },
});

describe('SPEC §8 error catalogue', () => {
  it('no answer at all: the connection toast, nothing else', () => {
    const reaction = reactToFailure({ kind: 'network' }, 'change');
    expect(reaction.toast).toEqual([{ key: 'cart.error.connection' }]);
    expect(reaction.clearCart).toBe(false);
  });

  it('410 invalid-order on an item add: clear the cart and add the product again in a new one, quietly', () => {
    const reaction = reactToFailure(problem({ status: 410, type: 'invalid-order' }), 'add');
    expect(reaction).toMatchObject({ clearCart: true, readdInNewCart: true, toast: null });
  });

  it('410 invalid-order on any other cart call: clear the cart and say why', () => {
    const reaction = reactToFailure(problem({ status: 410, type: 'invalid-order' }), 'change');
    expect(reaction).toMatchObject({ clearCart: true, readdInNewCart: false });
    expect(reaction.toast).toEqual([{ text: 'title of invalid-order' }]);
  });

  it('428 with code 115 (order closed) clears the cart', () => {
    const closed = problem({ status: 428, type: 'order-closed', code: 115 });
    expect(reactToFailure(closed, 'remove').clearCart).toBe(true);
    expect(reactToFailure(closed, 'add')).toMatchObject({ clearCart: true, readdInNewCart: true });
    // A 428 without the code is not the catalogue's case.
    expect(reactToFailure(problem({ status: 428, type: 'internal-error' }), 'remove').clearCart).toBe(false);
  });

  it('417 invalid-reduction marks the code invalid with the server’s reason (the localised detail), no toast', () => {
    const reaction = reactToFailure(
      problem({
        status: 417,
        type: 'invalid-reduction',
        title: 'Purtroppo il codice promozionale utilizzato non è più valido.',
        detail: 'Questo codice promozionale è scaduto.',
      }),
      'reduction',
    );
    expect(reaction).toMatchObject({
      isReductionInvalid: true,
      errors: ['Questo codice promozionale è scaduto.'],
      toast: null,
      clearCart: false,
    });
    // Without a detail, the SPEC's title.
    const bare = problem({
      status: 417,
      type: 'invalid-reduction',
      title: 'Leider ist der verwendete Aktionscode nicht mehr gültig.',
    });
    expect(reactToFailure(bare, 'reduction').errors).toEqual([
      'Leider ist der verwendete Aktionscode nicht mehr gültig.',
    ]);
  });

  it('429 too-many-requests on a code or gift card: the server’s detail (when to try again) in place, not “invalid”, no toast', () => {
    const tooMany = problem({
      status: 429,
      type: 'too-many-requests',
      title: 'Too many requests.',
      detail: 'Too many attempts. Please try again in 7 minutes.',
    });
    for (const action of ['reduction', 'giftcard'] as const) {
      expect(reactToFailure(tooMany, action)).toEqual({
        clearCart: false,
        readdInNewCart: false,
        isReductionInvalid: false,
        errors: ['Too many attempts. Please try again in 7 minutes.'],
        fieldErrors: {},
        toast: null,
      });
    }
    // Elsewhere (too many wrong order keys) the same words as a toast; without a detail, the title.
    expect(reactToFailure(tooMany, 'change').toast).toEqual([
      { text: 'Too many attempts. Please try again in 7 minutes.' },
    ]);
    const bare = problem({ status: 429, type: 'internal-error', title: 'Too Many Requests' });
    expect(reactToFailure(bare, 'reduction')).toMatchObject({ errors: ['Too Many Requests'], toast: null });
  });

  it('400 validation-error: one error per ";" part of the detail, and the field messages', () => {
    const reaction = reactToFailure(
      problem({
        status: 400,
        type: 'validation-error',
        detail: 'email: Ungültig: E-Mail-Adresse; postcode: ist keine gültige Postleitzahl;',
        errors: [
          { field: 'email', message: 'Ungültig: E-Mail-Adresse' },
          { field: 'postcode', message: 'ist keine gültige Postleitzahl' },
        ],
      }),
      'customer',
    );
    expect(reaction.errors).toEqual([
      'email: Ungültig: E-Mail-Adresse',
      'postcode: ist keine gültige Postleitzahl',
    ]);
    expect(reaction.fieldErrors).toEqual({
      email: 'Ungültig: E-Mail-Adresse',
      postcode: 'ist keine gültige Postleitzahl',
    });
    expect(reaction.toast).toBeNull();
  });

  it('a validation error without detail still shows one message', () => {
    expect(splitDetail({ type: 'validation-error', title: 'Bitte prüfen', status: 400 })).toEqual([
      'Bitte prüfen',
    ]);
  });

  it('expected business answers (sold out, gift card, payment) are shown in place, not toasted', () => {
    for (const [status, type] of [
      [409, 'sold-out'],
      [422, 'invalid-giftcard'],
      [402, 'payment-failed'],
      [402, 'payment-declined'],
      [402, 'payment-timeout'],
      [402, 'payment-stale'],
      [409, 'cart-changed'],
    ] as const) {
      const reaction = reactToFailure(problem({ status, type }), 'add');
      expect(reaction.toast).toBeNull();
      expect(reaction.errors).toEqual([`title of ${type}`]);
    }
  });

  it('a close refused for a bank transfer (409 transfer-limit) says what to do instead, in place; the cart stays', () => {
    const detail =
      'Per Überweisung können wir von „Wellness am See“ derzeit höchstens 4 Stück für Sie reservieren. ' +
      'Bitte verringern Sie die Anzahl oder bezahlen Sie sofort mit PayPal oder Amazon Pay.';
    const reaction = reactToFailure(problem({ status: 409, type: 'transfer-limit', detail }), 'close');
    expect(reaction).toEqual({
      clearCart: false,
      readdInNewCart: false,
      isReductionInvalid: false,
      errors: [detail],
      fieldErrors: {},
      toast: null,
    });
  });

  it('saving a printed voucher (409 voucher-locked) is said at the voucher, not toasted', () => {
    const reaction = reactToFailure(problem({ status: 409, type: 'voucher-locked' }), 'voucher');
    expect(reaction).toMatchObject({ toast: null, clearCart: false, errors: ['title of voucher-locked'] });
    // Printing before a guest's name is saved: said at the print button.
    const unnamed = reactToFailure(problem({ status: 409, type: 'voucher-guest-missing' }), 'voucher');
    expect(unnamed).toMatchObject({ toast: null, errors: ['title of voucher-guest-missing'] });
  });

  it('any other cart failure: the "unexpected error" danger toast', () => {
    for (const action of ['add', 'change', 'customer', 'close'] as const) {
      expect(reactToFailure(problem({ status: 500, type: 'internal-error' }), action).toast).toEqual([
        { key: 'cart.error.unexpected' },
      ]);
    }
  });

  it('reading the stored cart at start is silent; an unknown order is forgotten', () => {
    expect(reactToFailure({ kind: 'network' }, 'load').toast).toBeNull();
    expect(reactToFailure(problem({ status: 500, type: 'internal-error' }), 'load')).toMatchObject({
      toast: null,
      clearCart: false,
    });
    expect(reactToFailure(problem({ status: 404, type: 'not-found' }), 'load').clearCart).toBe(true);
    expect(reactToFailure(problem({ status: 410, type: 'invalid-order' }), 'load')).toMatchObject({
      clearCart: true,
      toast: null,
    });
  });

  it('an order page never clears the cart (it may show another order) and look-ups change nothing', () => {
    expect(reactToFailure(problem({ status: 410, type: 'invalid-order' }), 'view')).toMatchObject({
      clearCart: false,
      toast: null,
      errors: ['title of invalid-order'],
    });
    expect(reactToFailure(problem({ status: 500, type: 'internal-error' }), 'lookup').toast).toBeNull();
    expect(reactToFailure({ kind: 'network' }, 'lookup').toast).toBeNull();
  });

  it('401 with code 101 after the customer closed the login window: the server’s words in place, no toast', () => {
    for (const action of ['customer', 'close', 'account'] as const) {
      expect(
        reactToFailure(
          problem({ status: 401, type: 'unauthorized', code: 101, title: 'Bitte melden Sie sich an.' }),
          action,
        ),
      ).toMatchObject({ errors: ['Bitte melden Sie sich an.'], toast: null, clearCart: false });
    }
  });

  it('account forms: wrong credentials, a used reset link, another’s order and too many attempts are said at the form', () => {
    for (const [status, type] of [
      [401, 'invalid-credentials'],
      [400, 'invalid-reset-token'],
      [409, 'order-claimed'],
      [404, 'not-found'],
    ] as const) {
      expect(reactToFailure(problem({ status, type }), 'account')).toMatchObject({
        errors: [`title of ${type}`],
        toast: null,
      });
    }
    const tooMany = problem({ status: 429, type: 'too-many-requests', detail: 'In 5 Minuten erneut.' });
    expect(reactToFailure(tooMany, 'account')).toMatchObject({
      errors: ['In 5 Minuten erneut.'],
      toast: null,
    });
    expect(reactToFailure(problem({ status: 500, type: 'internal-error' }), 'account').toast).toEqual([
      { key: 'cart.error.unexpected' },
    ]);
  });
});
