/**
 * Reads ISO 20022 camt.053 bank statements (the end-of-day account statement German, Austrian and
 * Italian banks export), versions 001.02 to 001.13, into plain entries: one per transaction, so a
 * batch entry (one booking for several transfers) yields one entry per transfer.
 */
import type { Locale } from '@shop/contracts/locale';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decimalToCents } from '#src/modules/payments/amount.ts';

export type BankEntry = {
  /**
   * Stable id of this credit for idempotency: `<account IBAN>/<the transaction's AcctSvcrRef>`, else
   * `<account IBAN>/<the entry's AcctSvcrRef or NtryRef>` with `#<n>` for the n-th transaction of a
   * batch. An entry without any bank reference gets `<statement id>.<entry position>` in place of
   * one, which is stable only for re-imports of the same statement.
   */
  id: string;
  /** YYYY-MM-DD (BookgDt/Dt or the date of BookgDt/DtTm; the value date when there is no booking date). */
  bookingDate: string;
  valueDate: string | null;
  /** Of this transaction, in integer cents, never negative: `direction` says which way it went. */
  amountCents: number;
  currency: string;
  direction: 'credit' | 'debit';
  isReversal: boolean;
  status: 'booked' | 'pending' | 'other';
  /** All RmtInf/Ustrd lines and RmtInf/Strd/CdtrRefInf/Ref, joined with ' '. */
  remittance: string;
  /** Refs/EndToEndId; null when the payer gave none ('NOTPROVIDED'). */
  endToEndId: string | null;
  debtor: { name: string | null; iban: string | null };
};

export type BankStatement = {
  id: string;
  iban: string;
  currency: string | null;
  createdAt: string | null;
  entries: BankEntry[];
};

/** What is wrong with a file that is not a readable camt.053 statement; `at` names the place, e.g. 'Stmt 1, Ntry 3'. */
export type StatementProblem =
  | { kind: 'empty' }
  | { kind: 'encoding' }
  | { kind: 'not-xml'; detail: string }
  | { kind: 'entity-declarations' }
  | { kind: 'not-camt053'; found: string }
  | { kind: 'unsupported-version'; version: string }
  | { kind: 'missing'; field: string; at: string }
  | { kind: 'invalid'; field: string; value: string; at: string };

function problemTexts(problem: StatementProblem): Record<Locale, string> {
  switch (problem.kind) {
    case 'empty':
      return { de: 'Die Datei ist leer.', en: 'The file is empty.', it: 'Il file è vuoto.' };
    case 'encoding':
      return {
        de: 'Die Datei ist nicht UTF-8-kodiert, wie es camt.053 verlangt.',
        en: 'The file is not encoded in UTF-8, as camt.053 requires.',
        it: 'Il file non è codificato in UTF-8, come richiede camt.053.',
      };
    case 'not-xml':
      return {
        de: `Die Datei ist kein gültiges XML (${problem.detail}).`,
        en: `The file is not valid XML (${problem.detail}).`,
        it: `Il file non è un XML valido (${problem.detail}).`,
      };
    case 'entity-declarations':
      return {
        de: 'Die Datei deklariert XML-Entitäten (DOCTYPE); Kontoauszüge tun das nie, solche Dateien werden aus Sicherheitsgründen nicht gelesen.',
        en: 'The file declares XML entities (DOCTYPE); bank statements never do, and such files are not read for safety.',
        it: 'Il file dichiara entità XML (DOCTYPE); gli estratti conto non lo fanno mai e per sicurezza tali file non vengono letti.',
      };
    case 'not-camt053':
      return {
        de: `Die Datei ist kein camt.053-Kontoauszug (gefunden: ${problem.found}).`,
        en: `The file is not a camt.053 bank statement (found: ${problem.found}).`,
        it: `Il file non è un estratto conto camt.053 (trovato: ${problem.found}).`,
      };
    case 'unsupported-version':
      return {
        de: `camt.053 in Version ${problem.version} wird nicht unterstützt (nur 001.02 bis 001.13).`,
        en: `camt.053 version ${problem.version} is not supported (only 001.02 to 001.13).`,
        it: `camt.053 nella versione ${problem.version} non è supportato (solo da 001.02 a 001.13).`,
      };
    case 'missing':
      return {
        de: `Im Kontoauszug fehlt ${problem.field} (${problem.at}).`,
        en: `The statement lacks ${problem.field} (${problem.at}).`,
        it: `Nell'estratto conto manca ${problem.field} (${problem.at}).`,
      };
    case 'invalid':
      return {
        de: `Ungültiger Wert in ${problem.field}: "${problem.value}" (${problem.at}).`,
        en: `Invalid value in ${problem.field}: "${problem.value}" (${problem.at}).`,
        it: `Valore non valido in ${problem.field}: "${problem.value}" (${problem.at}).`,
      };
  }
}

/** The file is not a camt.053 statement we can read; `message` is the German text for the operator. */
export class StatementFormatError extends Error {
  override name = 'StatementFormatError';
  constructor(readonly problem: StatementProblem) {
    super(problemTexts(problem).de);
  }

  describe(locale: Locale): string {
    return problemTexts(this.problem)[locale];
  }
}

const predefinedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function resolveReference(name: string): string | undefined {
  if (Object.hasOwn(predefinedEntities, name)) return predefinedEntities[name];
  if (!name.startsWith('#')) return undefined;
  const radix = name.startsWith('#x') ? 16 : 10;
  const digits = name.slice(radix === 16 ? 2 : 1);
  if (digits === '' || [...digits].some((digit) => Number.isNaN(Number.parseInt(digit, radix))))
    return undefined;
  const codePoint = Number.parseInt(digits, radix);
  const isCharacter = codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
  return isCharacter ? String.fromCodePoint(codePoint) : undefined;
}

function decodeReferences(text: string): string {
  let start = text.indexOf('&');
  if (start === -1) return text;
  let decoded = '';
  let copiedUpTo = 0;
  while (start !== -1) {
    const end = text.indexOf(';', start);
    if (end === -1) break;
    const replacement = resolveReference(text.slice(start + 1, end));
    if (replacement !== undefined) {
      decoded += text.slice(copiedUpTo, start) + replacement;
      copiedUpTo = end + 1;
    }
    start = text.indexOf('&', replacement === undefined ? start + 1 : end + 1);
  }
  return decoded + text.slice(copiedUpTo);
}

/**
 * Decodes only what XML itself defines (the five named entities and character references). Entities
 * a file declares in a DOCTYPE are refused, never expanded: no entity bombs, no external entities.
 * (The parser's own `processEntities: false` would leave `&amp;` undecoded in names.)
 */
const xmlEntitiesOnly = {
  decode: decodeReferences,
  addInputEntities(declared: Record<string, string>) {
    if (Object.keys(declared).length > 0) throw new StatementFormatError({ kind: 'entity-declarations' });
  },
  setExternalEntities() {},
  reset() {},
  setXmlVersion() {},
};

// Elements the schema lets repeat where we read them; everything else is read as one value.
const repeating = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

// Elements never read, kept as raw text: building objects for them costs a good part of the parse time.
const unreadElements = [
  'GrpHdr',
  'FrToDt',
  'Ownr',
  'Svcr',
  'Bal',
  'TxsSummry',
  'BkTxCd',
  'Btch',
  'Chrgs',
  'InitgPty',
  'UltmtDbtr',
  'Cdtr',
  'CdtrAcct',
  'UltmtCdtr',
  'RltdAgts',
  'LclInstrm',
  'Purp',
  'RltdDts',
  'AddtlTxInf',
  'AddtlNtryInf',
];

const parser = new XMLParser({
  // Amounts and references are text: '00000042' and '1299.00' must stay as written.
  parseTagValue: false,
  stopNodes: unreadElements.map((name) => `..${name}`),
  jPath: false,
  ignoreAttributes: (name) => name !== 'Ccy' && !name.startsWith('xmlns'),
  // Banks write <Document xmlns="…"> or <ns2:Document xmlns:ns2="…">; the root's namespace is checked, so prefixes can go.
  transformTagName: (name) => name.slice(name.indexOf(':') + 1),
  isArray: (name) => repeating.has(name),
  ignoreDeclaration: true,
  ignorePiTags: true,
  entityDecoder: xmlEntitiesOnly,
});

type Node = { readonly [name: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(node: unknown, name: string): unknown {
  if (!isNode(node) || !Object.hasOwn(node, name)) return undefined;
  const value = node[name];
  return Array.isArray(value) ? value[0] : value;
}

function children(node: unknown, name: string): unknown[] {
  if (!isNode(node) || !Object.hasOwn(node, name)) return [];
  const value = node[name];
  return Array.isArray(value) ? value : [value];
}

/** The text of the element at `path` below `node` (of `node` itself for no path); null when absent or empty. */
function text(node: unknown, ...path: string[]): string | null {
  const value = path.reduce(child, node);
  const content = isNode(value) ? value['#text'] : value;
  return typeof content === 'string' && content !== '' ? content : null;
}

const isoNamespace = 'urn:iso:std:iso:20022:tech:xsd:';
const camt053 = 'camt.053.001.';
const supportedVersions = new Set(
  Array.from({ length: 12 }, (_, index) => String(index + 2).padStart(2, '0')),
);

/** The ISO 20022 message the root declares as its namespace, e.g. 'camt.053.001.02'. */
function isoMessageName(root: Node): string | undefined {
  for (const [name, value] of Object.entries(root)) {
    if (name.startsWith('@_xmlns') && typeof value === 'string' && value.startsWith(isoNamespace)) {
      return value.slice(isoNamespace.length);
    }
  }
  return undefined;
}

function asText(xml: string | Uint8Array): string {
  if (typeof xml === 'string') return xml;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(xml);
  } catch {
    throw new StatementFormatError({ kind: 'encoding' });
  }
}

/** Where and why `xml` is not well-formed, or null when it is. */
function wellFormednessError(xml: string): string | null {
  const validation = XMLValidator.validate(xml);
  return validation === true ? null : `${validation.err.line}:${validation.err.col}: ${validation.err.msg}`;
}

const notXml = (detail: string) => new StatementFormatError({ kind: 'not-xml', detail });

/** The `Document` element of a well-formed camt.053 document of a version we read. */
function readDocument(xml: string): Node {
  if (xml.trim() === '') throw new StatementFormatError({ kind: 'empty' });
  let tree: unknown;
  try {
    tree = parser.parse(xml);
  } catch (error) {
    if (error instanceof StatementFormatError) throw error;
    throw notXml(wellFormednessError(xml) ?? (error instanceof Error ? error.message : String(error)));
  }
  // The parser is lenient, so what the file claims to be is checked first (an HTML page is named as
  // such), and well-formedness after (a truncated download must not pass as a shorter statement).
  const rootName = isNode(tree) ? Object.keys(tree)[0] : undefined;
  if (rootName === undefined) throw notXml(wellFormednessError(xml) ?? 'no element');
  const root = child(tree, rootName);
  const message = isNode(root) ? isoMessageName(root) : undefined;
  if (rootName !== 'Document' || message === undefined || !isNode(root)) {
    throw new StatementFormatError({ kind: 'not-camt053', found: message ?? `<${rootName}>` });
  }
  if (!message.startsWith(camt053)) throw new StatementFormatError({ kind: 'not-camt053', found: message });
  const version = message.slice(camt053.length);
  if (!supportedVersions.has(version)) {
    throw new StatementFormatError({ kind: 'unsupported-version', version: `001.${version}` });
  }
  const error = wellFormednessError(xml);
  if (error !== null) throw notXml(error);
  return root;
}

function required(value: string | null, field: string, at: string): string {
  if (value === null) throw new StatementFormatError({ kind: 'missing', field, at });
  return value;
}

/** The Amt element below `node` as cents and currency, or null when there is none. */
function readAmount(node: unknown, field: string, at: string): { cents: number; currency: string } | null {
  const element = child(node, 'Amt');
  const decimal = text(element);
  if (decimal === null) return null;
  const currency = required(text(element, '@_Ccy'), `${field}/@Ccy`, at);
  let cents: number;
  try {
    cents = decimalToCents(decimal);
  } catch {
    throw new StatementFormatError({ kind: 'invalid', field, value: decimal, at });
  }
  // camt amounts are unsigned; CdtDbtInd carries the direction.
  if (cents < 0) throw new StatementFormatError({ kind: 'invalid', field, value: decimal, at });
  return { cents, currency };
}

function readDirection(node: unknown, at: string): 'credit' | 'debit' | null {
  const indicator = text(node, 'CdtDbtInd');
  if (indicator === null) return null;
  if (indicator === 'CRDT') return 'credit';
  if (indicator === 'DBIT') return 'debit';
  throw new StatementFormatError({ kind: 'invalid', field: 'CdtDbtInd', value: indicator, at });
}

function readDate(node: unknown): string | null {
  return text(node, 'Dt') ?? text(node, 'DtTm')?.slice(0, 10) ?? null;
}

function readStatus(entry: unknown): BankEntry['status'] {
  // camt.053.001.02 writes <Sts>BOOK</Sts>, later versions <Sts><Cd>BOOK</Cd></Sts>.
  const code = text(entry, 'Sts') ?? text(entry, 'Sts', 'Cd');
  if (code === 'BOOK') return 'booked';
  if (code === 'PDNG') return 'pending';
  return 'other';
}

/** What a transaction says about the payment (all of it optional). */
function readTransfer(transaction: unknown) {
  const information = child(transaction, 'RmtInf');
  const lines = children(information, 'Ustrd').map((line) => text(line));
  const references = children(information, 'Strd').map((structured) => text(structured, 'CdtrRefInf', 'Ref'));
  const endToEndId = text(transaction, 'Refs', 'EndToEndId');
  return {
    remittance: [...lines, ...references].filter((part) => part !== null).join(' '),
    endToEndId: endToEndId === 'NOTPROVIDED' ? null : endToEndId,
    debtor: {
      // camt.053.001.02 names the debtor in Dbtr/Nm, later versions in Dbtr/Pty/Nm.
      name:
        text(transaction, 'RltdPties', 'Dbtr', 'Nm') ?? text(transaction, 'RltdPties', 'Dbtr', 'Pty', 'Nm'),
      iban: text(transaction, 'RltdPties', 'DbtrAcct', 'Id', 'IBAN'),
    },
  };
}

function readEntry(
  entry: unknown,
  position: number,
  statement: { id: string; iban: string; at: string },
): BankEntry[] {
  const at = `${statement.at}, Ntry ${position}`;
  const amount = readAmount(entry, 'Amt', at);
  if (amount === null) throw new StatementFormatError({ kind: 'missing', field: 'Amt', at });
  const direction = readDirection(entry, at);
  if (direction === null) throw new StatementFormatError({ kind: 'missing', field: 'CdtDbtInd', at });
  const valueDate = readDate(child(entry, 'ValDt'));
  const reversal = text(entry, 'RvslInd');
  const booking = {
    bookingDate: required(readDate(child(entry, 'BookgDt')) ?? valueDate, 'BookgDt', at),
    valueDate,
    isReversal: reversal === 'true' || reversal === '1',
    status: readStatus(entry),
  };
  const entryKey = text(entry, 'AcctSvcrRef') ?? text(entry, 'NtryRef') ?? `${statement.id}.${position}`;
  const transactions = children(entry, 'NtryDtls').flatMap((details) => children(details, 'TxDtls'));
  const transactionRefs = transactions.map((transaction) => text(transaction, 'Refs', 'AcctSvcrRef'));

  if (transactions.length <= 1) {
    // The booked amount: a single transaction's own amount may be in the currency the payer sent.
    return [
      {
        id: `${statement.iban}/${transactionRefs[0] ?? entryKey}`,
        ...booking,
        amountCents: amount.cents,
        currency: amount.currency,
        direction,
        ...readTransfer(transactions[0]),
      },
    ];
  }
  // Some banks repeat the entry's reference in each transaction of a batch; ids must stay apart.
  const refsAreIds =
    transactionRefs.every((ref) => ref !== null) && new Set(transactionRefs).size === transactionRefs.length;
  return transactions.map((transaction, index) => {
    const transactionAt = `${at}, TxDtls ${index + 1}`;
    const transactionAmount =
      readAmount(transaction, 'TxDtls/Amt', transactionAt) ??
      readAmount(child(child(transaction, 'AmtDtls'), 'TxAmt'), 'TxDtls/AmtDtls/TxAmt/Amt', transactionAt);
    if (transactionAmount === null) {
      throw new StatementFormatError({
        kind: 'missing',
        field: 'TxDtls/AmtDtls/TxAmt/Amt',
        at: transactionAt,
      });
    }
    return {
      id: refsAreIds
        ? `${statement.iban}/${transactionRefs[index]}`
        : `${statement.iban}/${entryKey}#${index + 1}`,
      ...booking,
      amountCents: transactionAmount.cents,
      currency: transactionAmount.currency,
      direction: readDirection(transaction, transactionAt) ?? direction,
      ...readTransfer(transaction),
    };
  });
}

function readStatement(statement: unknown, at: string): BankStatement {
  const id = required(text(statement, 'Id'), 'Stmt/Id', at);
  const iban = required(text(statement, 'Acct', 'Id', 'IBAN'), 'Stmt/Acct/Id/IBAN', at);
  return {
    id,
    iban,
    currency: text(statement, 'Acct', 'Ccy'),
    createdAt: text(statement, 'CreDtTm'),
    entries: children(statement, 'Ntry').flatMap((entry, index) =>
      readEntry(entry, index + 1, { id, iban, at }),
    ),
  };
}

/**
 * The statements in a camt.053 file (one per account and period; most files hold one). Throws
 * StatementFormatError for anything else, with a message for the operator.
 */
export function parseCamt053(xml: string | Uint8Array): BankStatement[] {
  const document = readDocument(asText(xml));
  const report = child(document, 'BkToCstmrStmt');
  if (report === undefined)
    throw new StatementFormatError({ kind: 'missing', field: 'BkToCstmrStmt', at: 'Document' });
  const statements = children(report, 'Stmt');
  if (statements.length === 0)
    throw new StatementFormatError({ kind: 'missing', field: 'Stmt', at: 'BkToCstmrStmt' });
  return statements.map((statement, index) => readStatement(statement, `Stmt ${index + 1}`));
}
