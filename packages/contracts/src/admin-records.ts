/**
 * The brand services' records in the back office (issue 26): newsletter subscriptions with their opt-in
 * evidence, wishes, back-in-stock reminders and cookie-consent records, each as a filtered list and as
 * CSV, with an unsubscribe (newsletter) and a deletion on request (GDPR Art. 17) that the audit trail
 * records without the personal data it removed.
 */
import { z } from 'zod';
import { note, pageNumber } from './admin.ts';
import { messageKeys } from './message-keys.ts';
import { text } from './text.ts';

export const serviceRecordKinds = ['newsletter', 'wishes', 'reminders', 'consent'] as const;
export type ServiceRecordKind = (typeof serviceRecordKinds)[number];

/** Each kind's states, for its filter: subscribed (confirmed, not unsubscribed), requested, unsubscribed; pending or notified. */
export const serviceRecordStates = [
  'subscribed',
  'requested',
  'unsubscribed',
  'pending',
  'notified',
] as const;
export type ServiceRecordState = (typeof serviceRecordStates)[number];

export const serviceRecordKindParams = z.object({ kind: z.enum(serviceRecordKinds) });

export const serviceRecordQuery = z.object({
  brand: text().max(40).optional(),
  /** An e-mail address or its start (a visitor id for consent records), case-insensitive. */
  query: text().trim().max(254).optional(),
  state: z.enum(serviceRecordStates).optional(),
  page: pageNumber.optional(),
  /** `csv`: every record the filters find (at most 100,000), as a file. */
  format: z.enum(['json', 'csv']).default('json'),
});
export type ServiceRecordSearch = z.input<typeof serviceRecordQuery>;

export const serviceRecordSchema = z.object({
  id: z.number().int(),
  brand: text(),
  /** When it was made: the request, the wish, the reminder, the answer. */
  at: text(),
  /** The address (a visitor id for consent records). */
  who: text(),
  state: z.enum(serviceRecordStates).nullable(),
  /** What else the record holds, by the kind's field names (evidence, the wish's text, the offer …). */
  details: z.record(text(), text().nullable()),
});
export type ServiceRecord = z.infer<typeof serviceRecordSchema>;

export const serviceRecordListSchema = z.object({
  kind: z.enum(serviceRecordKinds),
  records: z.array(serviceRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ServiceRecordList = z.infer<typeof serviceRecordListSchema>;

/**
 * The audit trail keeps the note for good, also after the data it concerns is deleted: a note must not
 * bring back the address the deletion removed.
 */
export const serviceRecordActionSchema = z.object({
  note: note.refine((text) => !text.includes('@'), { message: messageKeys.noAddressInNote }),
});
export const serviceRecordActionParams = z.object({
  kind: z.enum(serviceRecordKinds),
  id: text()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number),
});

/** A deletion's answer: how many records went (a consent record goes with its visitor's others). */
export const serviceRecordDeletedSchema = z.object({ deleted: z.number().int() });
