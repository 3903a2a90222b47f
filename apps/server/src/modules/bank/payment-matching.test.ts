import { describe, expect, it } from 'vitest';
import { paymentReference } from '#src/modules/orders/payment-reference.ts';
import { type BankEntry, parseCamt053 } from './camt053.ts';
import { entryReferences, findReferences, matchEntries, type OpenOrder } from './payment-matching.ts';
import { buildCamt053, randomCredits } from './testing/camt053-statement.ts';

const brands = ['demo', 'autoclub', 'club', 'viaggi'];

let nextEntry = 1;
function credit(amountCents: number, remittance: string, details: Partial<BankEntry> = {}): BankEntry {
  return {
    id: `DE02120300000000202051/E-${nextEntry++}`,
    bookingDate: '2024-03-04',
    valueDate: '2024-03-04',
    amountCents,
    currency: 'EUR',
    direction: 'credit',
    isReversal: false,
    status: 'booked',
    remittance,
    endToEndId: null,
    debtor: { name: 'Jürgen Weiß', iban: 'DE89370400440532013000' },
    ...details,
  };
}

function order(
  orderId: number,
  amountCents: number,
  status: OpenOrder['status'] = 'awaiting-payment',
): OpenOrder {
  return { orderId, reference: paymentReference('demo', orderId), amountCents, currency: 'EUR', status };
}

const byReference = (...orders: OpenOrder[]) => new Map(orders.map((open) => [open.reference, open]));

describe('findReferences', () => {
  it('finds our reference the way checkout writes it', () => {
    expect(findReferences(`Gutschein ${paymentReference('demo', 42)} Ostsee`, brands)).toEqual([
      'DEMO-00000042',
    ]);
  });

  it.each([
    ['lower case', 'demo-00000042'],
    ['no hyphen', 'DEMO00000042'],
    ['lower case without hyphen', 'bestellung demo00000042'],
    ['spaces around the hyphen and in the digits', 'DEMO -0000 0042'],
    ['split across remittance lines', 'Urlaubsgutschein Bestellung DEMO-0 0000042 Danke'],
    ['split inside the brand', 'Rechnung DE MO-00000042'],
    ['a line break the bank inserted', 'DEMO-000\n00042'],
    ['behind a SEPA field code', 'SVWZ+DEMO-00000042 EREF+NOTPROVIDED'],
    ['followed by a date', 'DEMO-00000042 vom 01.03.2024'],
  ])('tolerates %s', (_, remittance) => {
    expect(findReferences(remittance, brands)).toEqual(['DEMO-00000042']);
  });

  it('reads a brand that ends in another brand as itself', () => {
    expect(findReferences('AUTOCLUB-00001234', brands)).toEqual(['AUTOCLUB-00001234']);
    expect(findReferences('AUTOCLUB-00001234', ['club'])).toEqual([]);
    expect(findReferences('Club-00001234', brands)).toEqual(['CLUB-00001234']);
  });

  it('lists each reference once, in order of appearance', () => {
    expect(findReferences('viaggi-00000321 DEMO-00000042 VIAGGI 00000321', brands)).toEqual([
      'VIAGGI-00000321',
      'DEMO-00000042',
    ]);
  });

  it('ignores what only looks like a reference', () => {
    for (const remittance of [
      'Miete März',
      'DEMO-0000042', // seven digits
      'DEMO-000000421', // a longer number
      'XDEMO-00000042', // part of another word
      'OTHER-00000042', // not one of our brands
      'DEMO DEMO',
      '',
    ]) {
      expect(findReferences(remittance, brands)).toEqual([]);
    }
  });
});

describe('matchEntries', () => {
  it('pays an order when its reference and the exact amount arrive', () => {
    const open = order(42, 129900);
    const entry = credit(129900, 'DEMO-00000042');

    expect(matchEntries([entry], byReference(open), brands)).toEqual([{ kind: 'paid', entry, order: open }]);
  });

  it('pays an order whose reference the bank mangled', () => {
    const open = order(42, 4990);
    const entry = credit(4990, 'Urlaubsgutschein demo 0000 0042');

    expect(matchEntries([entry], byReference(open), brands)).toEqual([{ kind: 'paid', entry, order: open }]);
  });

  it('finds the reference in the end-to-end id where some payers put it', () => {
    const open = order(42, 4990);
    const entry = credit(4990, 'Urlaub', { endToEndId: 'DEMO-00000042' });

    expect(matchEntries([entry], byReference(open), brands)).toEqual([{ kind: 'paid', entry, order: open }]);
  });

  it('reports an underpayment and an overpayment with the difference, paying nothing', () => {
    const under = credit(129000, 'DEMO-00000042');
    const over = credit(130000, 'DEMO-00000043');
    const first = order(42, 129900);
    const second = order(43, 129900);

    expect(matchEntries([under, over], byReference(first, second), brands)).toEqual([
      { kind: 'underpaid', entry: under, order: first, missingCents: 900 },
      { kind: 'overpaid', entry: over, order: second, excessCents: 100 },
    ]);
  });

  it('pays an order once when it is paid twice in one statement, and reports the second transfer', () => {
    const open = order(42, 129900);
    const short = credit(100, 'DEMO-00000042');
    const payment = credit(129900, 'DEMO-00000042');
    const again = credit(129900, 'demo00000042');

    expect(
      matchEntries([short, payment, again], byReference(open), brands).map((outcome) => outcome.kind),
    ).toEqual(['underpaid', 'paid', 'already-paid']);
  });

  it('reports a transfer for an order paid before as a double payment', () => {
    const paid = order(42, 129900, 'paid');
    const entry = credit(129900, 'DEMO-00000042');

    expect(matchEntries([entry], byReference(paid), brands)).toEqual([
      { kind: 'already-paid', entry, order: paid },
    ]);
  });

  it('leaves orders that wait for no transfer to the operator: expired, cancelled, paying another way', () => {
    const expired = order(42, 129900, 'expired');
    const cancelled = order(43, 4990, 'cancelled');
    const payingByPayPal = order(44, 4990, 'payment-pending');
    const entries = [
      credit(129900, 'DEMO-00000042'),
      credit(4990, 'DEMO-00000043'),
      credit(4990, 'DEMO-00000044'),
    ];

    expect(matchEntries(entries, byReference(expired, cancelled, payingByPayPal), brands)).toEqual([
      { kind: 'not-payable', entry: entries[0], order: expired },
      { kind: 'not-payable', entry: entries[1], order: cancelled },
      { kind: 'not-payable', entry: entries[2], order: payingByPayPal },
    ]);
  });

  it('reports transfers without a reference of ours, or for an order we do not know', () => {
    const entries = [credit(129900, 'Miete März'), credit(129900, 'DEMO-00000099')];

    expect(matchEntries(entries, byReference(order(42, 129900)), brands)).toEqual([
      { kind: 'unmatched', entry: entries[0] },
      { kind: 'unmatched', entry: entries[1] },
    ]);
  });

  it('does not choose between two references in one transfer', () => {
    const entry = credit(134890, 'DEMO-00000042 und DEMO-00000043');

    expect(matchEntries([entry], byReference(order(42, 129900), order(43, 4990)), brands)).toEqual([
      { kind: 'ambiguous', entry, references: ['DEMO-00000042', 'DEMO-00000043'] },
    ]);
  });

  it('ignores debits, reversals, entries not booked yet and foreign currencies', () => {
    const open = order(42, 129900);
    const entries = [
      credit(129900, 'Erstattung DEMO-00000042', { direction: 'debit' }),
      credit(129900, 'DEMO-00000042', { direction: 'debit', isReversal: true }),
      credit(129900, 'DEMO-00000042', { status: 'pending' }),
      credit(129900, 'DEMO-00000042', { currency: 'CHF' }),
    ];

    expect(matchEntries(entries, byReference(open), brands)).toEqual([
      { kind: 'ignored', entry: entries[0], reason: 'debit' },
      { kind: 'ignored', entry: entries[1], reason: 'reversal' },
      { kind: 'ignored', entry: entries[2], reason: 'not-booked' },
      { kind: 'ignored', entry: entries[3], reason: 'currency' },
    ]);
  });

  it('decides a whole imported statement', () => {
    const xml = buildCamt053({
      iban: 'DE02120300000000202051',
      statementId: 'S-1',
      entries: [
        {
          acctSvcrRef: 'B-1',
          transactions: [
            { amountCents: 129900, remittance: ['Gutschein Bestellung DEMO-0', '0000042'] },
            { amountCents: 4990, remittance: 'demo00000043' },
          ],
        },
        { amountCents: 1250, remittance: 'Erstattung DEMO-00000017', direction: 'debit', acctSvcrRef: 'D-1' },
        { amountCents: 2000, remittance: 'Spende', acctSvcrRef: 'C-1' },
      ],
    });
    const entries = parseCamt053(xml).flatMap((statement) => statement.entries);
    const known = [order(42, 129900), order(43, 5990), order(17, 1250, 'paid')];
    // As the import loads them: the orders of every reference in the statement.
    const quoted = new Set(entries.flatMap((entry) => entryReferences(entry, brands)));
    const orders = byReference(...known.filter((open) => quoted.has(open.reference)));

    const outcomes = matchEntries(entries, orders, brands);

    expect(outcomes.map((outcome) => [outcome.entry.id, outcome.kind])).toEqual([
      ['DE02120300000000202051/B-1#1', 'paid'],
      ['DE02120300000000202051/B-1#2', 'underpaid'],
      ['DE02120300000000202051/D-1', 'ignored'],
      ['DE02120300000000202051/C-1', 'unmatched'],
    ]);
  });

  it('finds the reference of every generated credit, however it is written', () => {
    const references = Array.from({ length: 50 }, (_, index) => paymentReference('autoclub', index + 1));
    const credits = randomCredits(600, references, 7);
    const [statement] = parseCamt053(
      buildCamt053({ iban: 'DE02120300000000202051', statementId: 'R', entries: credits }),
    );

    const found = statement?.entries.map((entry) => entryReferences(entry, brands));

    expect(found).toEqual(credits.map((_, index) => [references[index % references.length]]));
  });
});
