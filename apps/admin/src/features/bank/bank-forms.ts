import {
  assignBankEntryRequestSchema,
  type BankEntry,
  type BankStatement,
  handleBankEntryRequestSchema,
} from '@shop/contracts/admin';
import { type Locale, localeIso } from '@shop/contracts/locale';
import { text } from '@shop/contracts/text';

/**
 * The bank screens' rules and forms: the contract's request schemas with what a person types (the
 * order number as text), when to ask the API again, and what an upload is sent as.
 */
export const assignForm = assignBankEntryRequestSchema.extend({
  orderId: text()
    .trim()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(assignBankEntryRequestSchema.shape.orderId),
});

export const handleForm = handleBankEntryRequestSchema;

/** How often a statement being imported is asked for again. */
export const pollMs = 1000;

/** The import job has not finished with the statement yet. */
export const isInProgress = (status: BankStatement['status'] | undefined): boolean =>
  status === 'queued' || status === 'importing';

/** Outcomes the import left for staff to decide about (the API also takes a few more, rarer ones). */
const openOutcomes = new Set(['unmatched', 'underpaid', 'overpaid', 'ambiguous']);

/** The entry waits for a decision: assign it to an order or mark it handled. */
export const needsDecision = (entry: BankEntry): boolean =>
  entry.handledAt === null && openOutcomes.has(entry.outcome);

/** Only a credit (money in) can pay an order. */
export const mayAssign = (entry: BankEntry): boolean => needsDecision(entry) && entry.amountCents > 0;

/**
 * What the file is sent as: its type when the browser knows an XML one, application/xml when it knows
 * none (a .xml file often has no type); anything else as it is, so the API refuses it (415).
 */
export function uploadContentType(fileType: string): string {
  if (fileType === '') return 'application/xml';
  return fileType;
}

/** A file's size as people read it: "820 Byte", "12,4 kB", "1,2 MB" (in the UI's language). */
export function formatFileSize(bytes: number, locale: Locale): string {
  const [value, unit] =
    bytes < 1000
      ? [bytes, 'byte']
      : bytes < 1_000_000
        ? [bytes / 1000, 'kilobyte']
        : [bytes / 1_000_000, 'megabyte'];
  return new Intl.NumberFormat(localeIso[locale], {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** The counts per outcome, largest first (ties by name), for a one-line summary. */
export function sortedCounts(counts: Record<string, number> | null): [string, number][] {
  return Object.entries(counts ?? {})
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}
