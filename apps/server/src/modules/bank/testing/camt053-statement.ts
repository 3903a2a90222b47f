/**
 * camt.053 bank statements for tests, shaped like German savings-bank exports (DK rules): group
 * header, one statement with account, opening and closing balance, and its entries. Version '02'
 * writes the camt.053.001.02 forms (`<Sts>BOOK</Sts>`, `Dbtr/Nm`, `AmtDtls/TxAmt`), version '08'
 * the ones every later version shares (`<Sts><Cd>BOOK</Cd></Sts>`, `Dbtr/Pty/Nm`, `TxDtls/Amt`).
 */
import { centsToDecimal } from '#src/modules/payments/amount.ts';

/** One transfer: a single entry, or one transaction of a batch entry. */
export type TestTransaction = {
  amountCents: number;
  /** One `Ustrd` line, or several lines as a bank splits a long text. */
  remittance: string | readonly string[];
  /** `RmtInf/Strd/CdtrRefInf/Ref`, the structured creditor reference. */
  creditorReference?: string;
  debtorName?: string;
  debtorIban?: string;
  endToEndId?: string;
  /** The bank's reference of this transaction (`TxDtls/Refs/AcctSvcrRef`). */
  transactionRef?: string;
};

type EntryOptions = {
  direction?: 'credit' | 'debit';
  reversal?: boolean;
  status?: 'BOOK' | 'PDNG' | 'INFO';
  currency?: string;
  /** YYYY-MM-DD; defaults to the statement's date. */
  bookingDate?: string;
  valueDate?: string;
  /** The bank's reference of the entry (`Ntry/AcctSvcrRef`). */
  acctSvcrRef?: string;
  ntryRef?: string;
};

/** A single transfer, or a batch entry (one `TxDtls` per transaction, booked as their sum). */
export type TestEntry = EntryOptions & (TestTransaction | { transactions: readonly TestTransaction[] });

export type TestStatementOptions = {
  iban: string;
  statementId: string;
  version?: '02' | '08';
  /** YYYY-MM-DD, the statement's day. */
  date?: string;
  currency?: string;
  openingBalanceCents?: number;
  entries: readonly TestEntry[];
};

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

const element = (name: string, content: string) => `<${name}>${content}</${name}>`;
const optional = (name: string, value: string | undefined) =>
  value === undefined ? '' : element(name, escapeXml(value));
const amount = (cents: number, currency: string, name = 'Amt') =>
  `<${name} Ccy="${escapeXml(currency)}">${centsToDecimal(Math.abs(cents))}</${name}>`;
const indicator = (direction: 'credit' | 'debit') =>
  element('CdtDbtInd', direction === 'credit' ? 'CRDT' : 'DBIT');

// DK bank transaction codes: SEPA credit transfer received (166) or sent (116).
const transactionCode = (direction: 'credit' | 'debit') =>
  direction === 'credit'
    ? '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn><Prtry><Cd>NTRF+166</Cd><Issr>DK</Issr></Prtry></BkTxCd>'
    : '<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn><Prtry><Cd>NTRF+116</Cd><Issr>DK</Issr></Prtry></BkTxCd>';

function transactionDetails(
  transaction: TestTransaction,
  direction: 'credit' | 'debit',
  currency: string,
  version: '02' | '08',
): string {
  const refs = element(
    'Refs',
    optional('AcctSvcrRef', transaction.transactionRef) +
      element('EndToEndId', escapeXml(transaction.endToEndId ?? 'NOTPROVIDED')),
  );
  const txAmount = element('AmtDtls', element('TxAmt', amount(transaction.amountCents, currency)));
  const amounts =
    version === '02' ? txAmount : amount(transaction.amountCents, currency) + indicator(direction) + txAmount;
  const party = (name: string) =>
    version === '02' ? element('Nm', escapeXml(name)) : element('Pty', element('Nm', escapeXml(name)));
  const parties =
    (transaction.debtorName === undefined ? '' : element('Dbtr', party(transaction.debtorName))) +
    (transaction.debtorIban === undefined
      ? ''
      : element('DbtrAcct', element('Id', element('IBAN', escapeXml(transaction.debtorIban)))));
  const lines =
    typeof transaction.remittance === 'string' ? [transaction.remittance] : transaction.remittance;
  const structured =
    transaction.creditorReference === undefined
      ? ''
      : element(
          'Strd',
          element(
            'CdtrRefInf',
            `<Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp>${optional('Ref', transaction.creditorReference)}`,
          ),
        );
  return element(
    'TxDtls',
    refs +
      amounts +
      (parties === '' ? '' : element('RltdPties', parties)) +
      element('RmtInf', lines.map((line) => optional('Ustrd', line)).join('') + structured),
  );
}

function entryXml(entry: TestEntry, currency: string, date: string, version: '02' | '08'): string {
  const direction = entry.direction ?? 'credit';
  const transactions = 'transactions' in entry ? entry.transactions : [entry];
  const totalCents = transactions.reduce((sum, transaction) => sum + transaction.amountCents, 0);
  const status = entry.status ?? 'BOOK';
  const batch =
    transactions.length > 1
      ? element(
          'Btch',
          element('NbOfTxs', String(transactions.length)) + amount(totalCents, currency, 'TtlAmt'),
        )
      : '';
  return element(
    'Ntry',
    optional('NtryRef', entry.ntryRef) +
      amount(totalCents, currency) +
      indicator(direction) +
      (entry.reversal ? element('RvslInd', 'true') : '') +
      element('Sts', version === '02' ? status : element('Cd', status)) +
      element('BookgDt', element('Dt', entry.bookingDate ?? date)) +
      element('ValDt', element('Dt', entry.valueDate ?? entry.bookingDate ?? date)) +
      optional('AcctSvcrRef', entry.acctSvcrRef) +
      transactionCode(direction) +
      element(
        'NtryDtls',
        batch +
          transactions
            .map((transaction) => transactionDetails(transaction, direction, currency, version))
            .join(''),
      ),
  );
}

function balance(code: 'OPBD' | 'CLBD', cents: number, currency: string, date: string): string {
  return element(
    'Bal',
    element('Tp', element('CdOrPrtry', element('Cd', code))) +
      amount(cents, currency) +
      indicator(cents < 0 ? 'debit' : 'credit') +
      element('Dt', element('Dt', date)),
  );
}

/** What the entry changes on the account's balance. */
const bookedChange = (entry: TestEntry, accountCurrency: string) => {
  if ((entry.status ?? 'BOOK') !== 'BOOK' || (entry.currency ?? accountCurrency) !== accountCurrency)
    return 0;
  const transactions = 'transactions' in entry ? entry.transactions : [entry];
  const cents = transactions.reduce((sum, transaction) => sum + transaction.amountCents, 0);
  return entry.direction === 'debit' ? -cents : cents;
};

/** A camt.053 document (UTF-8 XML text) with one statement of `entries`. */
export function buildCamt053(options: TestStatementOptions): string {
  const version = options.version ?? '02';
  const currency = options.currency ?? 'EUR';
  const date = options.date ?? '2024-03-04';
  const created = `${date}T18:30:00.0+01:00`;
  const opening = options.openingBalanceCents ?? 1_000_000;
  const closing = options.entries.reduce((sum, entry) => sum + bookedChange(entry, currency), opening);
  const namespace = `urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}`;
  const header = element(
    'GrpHdr',
    element('MsgId', escapeXml(`camt53-${options.statementId}`)) +
      element('CreDtTm', created) +
      element('MsgPgntn', element('PgNb', '1') + element('LastPgInd', 'true')),
  );
  const account = element(
    'Acct',
    element('Id', element('IBAN', escapeXml(options.iban))) +
      element('Ccy', escapeXml(currency)) +
      element('Ownr', element('Nm', 'Urlaubsgutschein GmbH')) +
      element('Svcr', element('FinInstnId', element('BIC', 'BYLADEM1001'))),
  );
  const entries = options.entries.map((entry) => entryXml(entry, entry.currency ?? currency, date, version));
  const statement = element(
    'Stmt',
    element('Id', escapeXml(options.statementId)) +
      element('ElctrncSeqNb', '1') +
      element('CreDtTm', created) +
      element('FrToDt', element('FrDtTm', `${date}T00:00:00.0+01:00`) + element('ToDtTm', created)) +
      account +
      balance('OPBD', opening, currency, date) +
      balance('CLBD', closing, currency, date) +
      `\n${entries.join('\n')}\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${namespace}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${namespace} camt.053.001.${version}.xsd">
${element('BkToCstmrStmt', `${header}\n${statement}`)}
</Document>
`;
}

const payers: readonly { name: string; iban: string }[] = [
  { name: 'Jürgen Weiß', iban: 'DE89370400440532013000' },
  { name: 'Müller & Söhne GbR', iban: 'DE02120300000000202051' },
  { name: 'Anna Österreicher', iban: 'AT611904300234573201' },
  { name: 'Giulia Rossi', iban: 'IT60X0542811101000000123456' },
  { name: 'Familie Groß <Urlaub>', iban: 'DE75512108001245126199' },
];

/** The ways customers and banks write a reference in a remittance text. */
const remittanceForms: readonly ((reference: string) => string | readonly string[])[] = [
  (reference) => reference,
  (reference) => `Gutschein ${reference} Danke`,
  (reference) => `Bestellung ${reference.toLowerCase()}`,
  (reference) => reference.replace('-', ''),
  (reference) => `${reference.slice(0, -4)} ${reference.slice(-4)} Urlaub`,
  (reference) => ['Rechnung Urlaubsgutschein Nr.', `${reference} vom 01.03.2024`],
];

/** Park–Miller minimal standard generator: reproducible, so benchmarks compare like with like. */
function seededRandom(seed: number): (limit: number) => number {
  let state = seed % 2_147_483_647 || 1;
  return (limit) => {
    state = (state * 48_271) % 2_147_483_647;
    return state % limit;
  };
}

/**
 * `count` booked credits; credit i quotes `references[i % references.length]` in one of the ways
 * customers write it, with a random amount from 10.00 to 2,499.99 and a bank reference of its own.
 * `seed` (a positive integer) picks the randomness; the same seed gives the same credits.
 */
export function randomCredits(count: number, references: readonly string[], seed = 1): TestEntry[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const reference = references[index % references.length]!;
    const payer = payers[random(payers.length)]!;
    const form = remittanceForms[random(remittanceForms.length)]!;
    return {
      amountCents: 1_000 + random(249_000),
      remittance: form(reference),
      debtorName: payer.name,
      debtorIban: payer.iban,
      endToEndId: random(2) === 0 ? 'NOTPROVIDED' : `E2E-${seed}-${index}`,
      acctSvcrRef: `${seed}-${String(index).padStart(7, '0')}`,
    };
  });
}
