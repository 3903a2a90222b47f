import type { BankEntry } from '@shop/contracts/admin';
import { describe, expect, it } from 'vitest';
import {
  assignForm,
  formatFileSize,
  handleForm,
  isInProgress,
  mayAssign,
  needsDecision,
  sortedCounts,
  uploadContentType,
} from './bank-forms.ts';

const entry = (change: Partial<BankEntry> = {}): BankEntry => ({
  entryId: 'E2E-1',
  bookingDate: '2026-11-27',
  amountCents: 12_900,
  currency: 'EUR',
  remittance: 'Urlaub',
  outcome: 'unmatched',
  orderId: null,
  handledAt: null,
  handledBy: null,
  handledNote: null,
  ...change,
});

describe('the bank screens’ forms and rules', () => {
  it('reads the order number as typed, and requires the note', () => {
    expect(assignForm.parse({ orderId: ' 1042 ', note: 'Verwendungszweck falsch' })).toEqual({
      orderId: 1042,
      note: 'Verwendungszweck falsch',
    });
    for (const orderId of ['', '0', 'A-12', '12.5', '99999999999']) {
      expect(assignForm.safeParse({ orderId, note: 'x' }).success, orderId).toBe(false);
    }
    expect(assignForm.safeParse({ orderId: '7', note: '  ' }).success).toBe(false);
    expect(handleForm.safeParse({ note: '' }).success).toBe(false);
  });

  it('polls while the job has the statement', () => {
    expect(isInProgress('queued')).toBe(true);
    expect(isInProgress('importing')).toBe(true);
    expect(isInProgress('done')).toBe(false);
    expect(isInProgress('failed')).toBe(false);
    expect(isInProgress(undefined)).toBe(false);
  });

  it('offers the actions only for an undecided entry, assigning only for a credit', () => {
    expect(needsDecision(entry())).toBe(true);
    expect(mayAssign(entry())).toBe(true);
    for (const outcome of ['underpaid', 'overpaid', 'ambiguous']) {
      expect(needsDecision(entry({ outcome })), outcome).toBe(true);
    }
    for (const outcome of ['paid', 'assigned', 'ignored', 'already-imported']) {
      expect(needsDecision(entry({ outcome })), outcome).toBe(false);
    }
    expect(needsDecision(entry({ handledAt: '2026-11-27T10:00:00.000Z' }))).toBe(false);
    expect(mayAssign(entry({ amountCents: -500 }))).toBe(false);
  });

  it('sends an XML file with its type, one without a type as application/xml', () => {
    expect(uploadContentType('')).toBe('application/xml');
    expect(uploadContentType('text/xml')).toBe('text/xml');
    expect(uploadContentType('application/pdf')).toBe('application/pdf');
  });

  it('words a file size in the UI’s language', () => {
    expect(formatFileSize(820, 'en')).toBe('820 byte');
    expect(formatFileSize(12_400, 'de')).toBe('12,4 kB');
    expect(formatFileSize(1_250_000, 'it')).toBe('1,3 MB');
  });

  it('lists the counts largest first, without the empty ones', () => {
    expect(sortedCounts({ paid: 1, unmatched: 3, ambiguous: 1, ignored: 0 })).toEqual([
      ['unmatched', 3],
      ['ambiguous', 1],
      ['paid', 1],
    ]);
    expect(sortedCounts(null)).toEqual([]);
  });
});
