/**
 * Decides what each bank statement entry means for our orders: a credit pays an order only when it
 * quotes exactly one of our payment references (`DEMO-00000042`, see `paymentReference`) and the
 * amount is right. Everything else is reported for the operator, never guessed.
 */
import type { BankEntry } from './camt053.ts';

const orderIdDigits = 8;

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
// Banks break remittance lines at fixed widths and customers group digits: whitespace may fall anywhere.
const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
const isWordCharacter = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** The reference `brand` starts at `start` of the upper-cased `text`, and where it ends; null if it does not. */
function referenceAt(text: string, start: number, brand: string): { reference: string; end: number } | null {
  let position = start;
  const skipSpaces = () => {
    while (isSpace(text[position])) position++;
  };
  for (const [index, letter] of [...brand].entries()) {
    if (index > 0) skipSpaces();
    if (text[position] !== letter) return null;
    position++;
  }
  skipSpaces();
  if (text[position] === '-') position++;
  let digits = '';
  while (digits.length < orderIdDigits) {
    skipSpaces();
    if (!isDigit(text[position])) return null;
    digits += text[position];
    position++;
  }
  // A longer number is something else (an account or customer number), not our reference.
  if (isDigit(text[position])) return null;
  return { reference: `${brand}-${digits}`, end: position };
}

function referenceOfAnyBrand(text: string, start: number, brands: readonly string[]) {
  for (const brand of brands) {
    const match = referenceAt(text, start, brand);
    if (match) return match;
  }
  return null;
}

/** The order references found in a remittance text: tolerant of case, of spaces or a missing hyphen, of line breaks banks insert ('DEMO -0000 0042', 'demo00000042'). */
export function findReferences(remittance: string, brandShorts: readonly string[]): string[] {
  const brands = [...new Set(brandShorts.map((short) => short.toUpperCase()))].filter(
    (brand) => brand !== '',
  );
  const text = remittance.toUpperCase();
  const found = new Set<string>();
  let position = 0;
  while (position < text.length) {
    // A reference starts a word: 'AUTOCLUB-00001234' holds no reference of a brand 'club'.
    const match = isWordCharacter(text[position - 1]) ? null : referenceOfAnyBrand(text, position, brands);
    if (match) found.add(match.reference);
    position = match ? match.end : position + 1;
  }
  return [...found];
}

/** The references an entry quotes: in its remittance text, or where some payers put it, its end-to-end id. */
export function entryReferences(entry: BankEntry, brandShorts: readonly string[]): string[] {
  const inRemittance = findReferences(entry.remittance, brandShorts);
  const inEndToEndId = entry.endToEndId === null ? [] : findReferences(entry.endToEndId, brandShorts);
  return [...new Set([...inRemittance, ...inEndToEndId])];
}

export type OpenOrder = {
  orderId: number;
  reference: string;
  amountCents: number;
  currency: string;
  status: 'awaiting-payment' | 'paid' | 'expired' | 'cancelled' | string;
};

export type MatchOutcome =
  | { kind: 'paid'; entry: BankEntry; order: OpenOrder }
  | { kind: 'underpaid'; entry: BankEntry; order: OpenOrder; missingCents: number }
  | { kind: 'overpaid'; entry: BankEntry; order: OpenOrder; excessCents: number }
  /** A transfer for an order that is paid already (double payment): money to return. */
  | { kind: 'already-paid'; entry: BankEntry; order: OpenOrder }
  /** The order waits for no transfer (expired, cancelled, any status but 'awaiting-payment'): money to return, the operator decides. */
  | { kind: 'not-payable'; entry: BankEntry; order: OpenOrder }
  /** Several of our references in one transfer. */
  | { kind: 'ambiguous'; entry: BankEntry; references: string[] }
  /** No reference of ours, or one of an order we do not know. */
  | { kind: 'unmatched'; entry: BankEntry }
  /** Not a received payment to decide on; 'currency': the entry's currency is not the order's. */
  | { kind: 'ignored'; entry: BankEntry; reason: 'debit' | 'reversal' | 'not-booked' | 'currency' };

/** An entry with the order references it quotes (`entryReferences`), found where the statement was read. */
export type QuotedEntry = { entry: BankEntry; references: readonly string[] };

function decide(
  { entry, references }: QuotedEntry,
  orders: ReadonlyMap<string, OpenOrder>,
  paidInThisRun: ReadonlySet<number>,
): MatchOutcome {
  // A reversal is checked first: a reversed credit is booked as a debit, and the operator must see it as such.
  if (entry.isReversal) return { kind: 'ignored', entry, reason: 'reversal' };
  if (entry.direction === 'debit') return { kind: 'ignored', entry, reason: 'debit' };
  if (entry.status !== 'booked') return { kind: 'ignored', entry, reason: 'not-booked' };
  if (references.length > 1) return { kind: 'ambiguous', entry, references: [...references] };
  const reference = references[0];
  const order = reference === undefined ? undefined : orders.get(reference);
  if (reference === undefined || order === undefined) return { kind: 'unmatched', entry };
  if (entry.currency !== order.currency) return { kind: 'ignored', entry, reason: 'currency' };
  if (order.status === 'paid' || paidInThisRun.has(order.orderId))
    return { kind: 'already-paid', entry, order };
  if (order.status !== 'awaiting-payment') return { kind: 'not-payable', entry, order };
  const differenceCents = entry.amountCents - order.amountCents;
  if (differenceCents < 0) return { kind: 'underpaid', entry, order, missingCents: -differenceCents };
  if (differenceCents > 0) return { kind: 'overpaid', entry, order, excessCents: differenceCents };
  return { kind: 'paid', entry, order };
}

/**
 * Pure decision per entry, one outcome each, in the entries' order. `orders` holds every order whose
 * reference appears in the statement (see `entryReferences`), keyed by reference. A first exact payment
 * of an order pays it; a later transfer for the same order in the same run is 'already-paid'.
 */
export function matchEntries(
  entries: readonly BankEntry[],
  orders: ReadonlyMap<string, OpenOrder>,
  brandShorts: readonly string[],
): MatchOutcome[] {
  return matchQuotedEntries(
    entries.map((entry) => ({ entry, references: entryReferences(entry, brandShorts) })),
    orders,
  );
}

/**
 * `matchEntries` for entries whose references were found already: the statement reader finds them off
 * the request thread (statement-reader.ts), where scanning every remittance text costs no request
 * anything, so that what is left here is a lookup per entry.
 */
export function matchQuotedEntries(
  entries: readonly QuotedEntry[],
  orders: ReadonlyMap<string, OpenOrder>,
): MatchOutcome[] {
  const paidInThisRun = new Set<number>();
  return entries.map((quoted) => {
    const outcome = decide(quoted, orders, paidInThisRun);
    if (outcome.kind === 'paid') paidInThisRun.add(outcome.order.orderId);
    return outcome;
  });
}
