import { describe, expect, it } from 'vitest';
import { eurosForInput } from '../../lib/euros.ts';
import { extendHoldForm, markPaidForm, refundForm, refundRequest } from './action-forms.ts';

describe('the order actions as typed in', () => {
  it('reads euros with a comma or a point as integer cents', () => {
    expect(markPaidForm.parse({ amount: '1299,50', note: 'Auszug 27.11.' })).toEqual({
      amount: 129_950,
      note: 'Auszug 27.11.',
    });
    expect(markPaidForm.parse({ amount: ' 177 ', note: 'x' }).amount).toBe(17_700);
    expect(markPaidForm.parse({ amount: '0.1', note: 'x' }).amount).toBe(10);
    // Binary floating point must not cost a cent: 1.15 * 100 is 114.99999999999999.
    expect(markPaidForm.parse({ amount: '1,15', note: 'x' }).amount).toBe(115);
  });

  it('refuses what is not an amount the contract takes, and a missing note', () => {
    for (const amount of ['', '12,345', '1.299,00', '-5', 'zehn', '0', '0,00']) {
      expect(markPaidForm.safeParse({ amount, note: 'x' }).success, amount).toBe(false);
    }
    expect(markPaidForm.safeParse({ amount: '10', note: '   ' }).success).toBe(false);
  });

  it('takes 1 to 14 days', () => {
    expect(extendHoldForm.parse({ days: '14', note: 'Kunde hat angerufen' }).days).toBe(14);
    for (const days of ['0', '15', '2.5', '']) {
      expect(extendHoldForm.safeParse({ days, note: 'x' }).success, days).toBe(false);
    }
  });

  it('prefills the amount in the language’s own way', () => {
    expect(eurosForInput(129_900, 'de')).toBe('1299,00');
    expect(eurosForInput(5, 'it')).toBe('0,05');
    expect(eurosForInput(129_950, 'en')).toBe('1299.50');
  });
});

describe('the refund as ticked', () => {
  it('needs at least one voucher and a note, and reads the ids as numbers', () => {
    expect(refundForm.parse({ voucherIds: ['12', '7'], note: ' Storno ' })).toEqual({
      voucherIds: [12, 7],
      note: 'Storno',
    });
    expect(refundForm.safeParse({ voucherIds: [], note: 'x' }).success).toBe(false);
    expect(refundForm.safeParse({ voucherIds: ['1'], note: '  ' }).success).toBe(false);
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999']) {
      expect(refundForm.safeParse({ voucherIds: [id], note: 'x' }).success, id).toBe(false);
    }
  });

  it('asks for the whole order when every open voucher is ticked, else for the ones ticked', () => {
    expect(refundRequest({ voucherIds: [3, 4], note: 'n' }, [3, 4])).toEqual({ note: 'n' });
    expect(refundRequest({ voucherIds: [4, 3], note: 'n' }, [3, 4])).toEqual({ note: 'n' });
    expect(refundRequest({ voucherIds: [4], note: 'n' }, [3, 4])).toEqual({ voucherIds: [4], note: 'n' });
  });
});
