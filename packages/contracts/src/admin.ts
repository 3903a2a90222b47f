/**
 * The back office's API (`/api/admin/*`, issue 25): staff sign-in with a second factor, orders and the
 * audit trail. Staff are not customers: their own accounts, their own session cookie (Path=/api/admin),
 * and a CSRF token sent as `x-csrf-token` on every call that changes something.
 */
import { z } from 'zod';
import { isoDate } from './calendar-date.ts';
import { emailField, orderStatuses, paymentTypes } from './orders.ts';
import { idParam } from './params.ts';
import { staffBrandSchema, staffMemberSchema, staffRoles } from './staff-session.ts';
import { text } from './text.ts';

// The staff session and the calendar day have modules of their own, which the back office's first view
// loads without this one (and the order and catalogue contracts it imports); re-exported here.
export { isCalendarDate, isoDate } from './calendar-date.ts';
export {
  adminCsrfHeader,
  type StaffMember,
  type StaffRole,
  type StaffSession,
  staffBrandSchema,
  staffMemberSchema,
  staffRoles,
  staffSessionSchema,
} from './staff-session.ts';

/** An address in one form: staff sign in with it however they type it. */
const email = emailField().toLowerCase();
const isoTime = text();
const cents = z.number().int().min(0).max(2_147_483_647);
export const note = text().trim().min(1).max(500);

/** Six digits from the authenticator app, or one of the recovery codes (`xxxx-xxxx`). */
export const totpCodePattern = /^(\d{6}|[a-z0-9]{4}-[a-z0-9]{4})$/;

export const adminLoginRequestSchema = z.object({
  email,
  password: text().min(1).max(200),
  totp: text().trim().toLowerCase().regex(totpCodePattern).optional(),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

/** GET /api/admin/brands: the brands the signed-in staff member works for (all for an operator). */
export const adminBrandListSchema = z.array(staffBrandSchema);

export const totpSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: text(),
  /** otpauth:// URI for the QR code. */
  uri: text(),
});
export const totpConfirmRequestSchema = z.object({
  code: text()
    .trim()
    .regex(/^\d{6}$/),
});
export const totpConfirmAnswerSchema = z.object({
  /** Shown once: each signs in once in place of a code from the app. */
  recoveryCodes: z.array(text()),
});

export const adminOrderSorts = ['created-desc', 'created-asc', 'total-desc', 'total-asc'] as const;

export const pageNumber = text()
  .regex(/^\d{1,6}$/)
  .transform(Number)
  .refine((page) => page >= 1 && page <= 100_000);
const adminPageSize = text()
  .regex(/^\d{1,3}$/)
  .transform(Number)
  .refine((size) => size >= 1 && size <= 100);

/**
 * One search box: an order number, a transfer reference (`DEMO-00000042`), an invoice number, a voucher
 * code, an e-mail address or a name; and filters.
 */
export const adminOrderSearchQuery = z.object({
  query: text().trim().max(200).optional(),
  brand: text().max(40).optional(),
  status: z.enum(orderStatuses).optional(),
  paymentType: z.enum(paymentTypes).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: z.enum(adminOrderSorts).optional(),
  page: pageNumber.optional(),
  pageSize: adminPageSize.optional(),
});
export type AdminOrderSearch = z.input<typeof adminOrderSearchQuery>;

const brandRef = z.object({ short: text(), name: text() });

export const adminOrderRowSchema = z.object({
  id: z.number().int(),
  brand: brandRef,
  status: z.enum(orderStatuses),
  paymentType: z.enum(paymentTypes).nullable(),
  customerName: text().nullable(),
  email: text().nullable(),
  totalCents: z.number().int(),
  currency: text(),
  createdAt: isoTime,
  paidAt: isoTime.nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  /** Orders found, counted up to 10,000 (`totalIsCapped`: more than that). */
  total: z.number().int(),
  totalIsCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: isoTime,
  staffEmail: text(),
  action: text(),
  orderId: z.number().int().nullable(),
  /** What else the change concerned: `staff:<id>`, `bank-entry:<id>`, `mail:<id>`, `session:<id>`. */
  subject: text().nullable(),
  /** The staff member a `staff:<id>` subject names, by address. */
  subjectStaffEmail: text().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  note: text().nullable(),
  /** The address the change came from. */
  address: text().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminOrderDetailSchema = z.object({
  id: z.number().int(),
  brand: brandRef,
  status: z.enum(orderStatuses),
  paymentType: z.enum(paymentTypes).nullable(),
  locale: text(),
  currency: text(),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  prepaidCents: z.number().int(),
  totalCents: z.number().int(),
  createdAt: isoTime,
  closedAt: isoTime.nullable(),
  paidAt: isoTime.nullable(),
  holdUntil: isoTime.nullable(),
  /** What the buyer quotes on a bank transfer. */
  transferReference: text(),
  invoiceNumber: text().nullable(),
  customer: z
    .object({
      firstName: text().nullable(),
      lastName: text().nullable(),
      email: text().nullable(),
      phone: text().nullable(),
      address: text().nullable(),
      membershipNumber: text().nullable(),
    })
    .nullable(),
  items: z.array(
    z.object({
      offerTitle: text(),
      hotelName: text(),
      nights: z.number().int(),
      persons: z.number().int(),
      quantity: z.number().int(),
      priceCents: z.number().int(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      provider: text(),
      status: text(),
      amountCents: z.number().int(),
      reference: text().nullable(),
      captureId: text().nullable(),
      createdAt: isoTime,
    }),
  ),
  vouchers: z.array(
    z.object({
      id: z.number().int(),
      code: text(),
      guestName: text().nullable(),
      printedAt: isoTime.nullable(),
      validUntil: isoTime,
      /** Refunded: void from then on. */
      voidedAt: isoTime.nullable(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      amountCents: z.number().int(),
      voucherIds: z.array(z.number().int()),
      /** pending: the provider has not confirmed yet; refunded; manual: to be paid back by bank transfer. */
      status: z.enum(['pending', 'refunded', 'manual']),
      note: text(),
      requestedBy: text(),
      createdAt: isoTime,
      refundedAt: isoTime.nullable(),
    }),
  ),
  mails: z.array(
    z.object({
      id: z.number().int(),
      kind: text(),
      status: text(),
      attempts: z.number().int(),
      createdAt: isoTime,
      sentAt: isoTime.nullable(),
    }),
  ),
  /** The order's documents, each a link staff open in a new tab. */
  documents: z.array(
    z.object({ kind: z.enum(['invoice', 'voucher', 'voucher-phone']), label: text(), url: text() }),
  ),
  history: z.array(auditEntrySchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderParams = z.object({ id: idParam });

export const markPaidRequestSchema = z.object({ amountCents: cents.min(1), note });
export const cancelOrderRequestSchema = z.object({ note });
export const resendMailRequestSchema = z.object({ mailId: z.number().int().min(1).max(2_147_483_647) });
/** Without `voucherIds` (or with none): every voucher not refunded yet, i.e. the whole order. */
export const refundRequestSchema = z.object({
  voucherIds: z.array(z.number().int().min(1).max(2_147_483_647)).max(100).optional(),
  note,
});
export const extendHoldRequestSchema = z.object({ days: z.number().int().min(1).max(14), note });

export const auditQuery = z.object({
  orderId: idParam.optional(),
  action: text().max(60).optional(),
  /** The staff member's address. */
  staff: text().trim().toLowerCase().max(254).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: pageNumber.optional(),
});
export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const bankStatementSources = ['upload', 'inbox', 'command'] as const;
export const bankStatementStatuses = ['queued', 'importing', 'done', 'failed'] as const;

/** One statement file and what its import did (counts per outcome: paid, unmatched, underpaid, …). */
export const bankStatementSchema = z.object({
  id: z.number().int(),
  fileName: text(),
  source: z.enum(bankStatementSources),
  status: z.enum(bankStatementStatuses),
  counts: z.record(text(), z.number().int()).nullable(),
  /** Why the file could not be read, in the staff member's language. */
  problem: text().nullable(),
  uploadedBy: text().nullable(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
});
export type BankStatement = z.infer<typeof bankStatementSchema>;

export const bankStatementListSchema = z.object({ statements: z.array(bankStatementSchema) });

export const bankEntrySchema = z.object({
  entryId: text(),
  bookingDate: text(),
  amountCents: z.number().int(),
  currency: text(),
  remittance: text(),
  /** paid, assigned (by hand), underpaid, overpaid, unmatched, ambiguous, already-paid, not-payable, ignored, … */
  outcome: text(),
  orderId: z.number().int().nullable(),
  handledAt: isoTime.nullable(),
  handledBy: text().nullable(),
  handledNote: text().nullable(),
});
export type BankEntry = z.infer<typeof bankEntrySchema>;

export const bankStatementDetailSchema = bankStatementSchema.extend({ entries: z.array(bankEntrySchema) });
export type BankStatementDetail = z.infer<typeof bankStatementDetailSchema>;

/** POST /api/admin/bank-statements?name=…: the file's XML as the body (Content-Type application/xml). */
export const bankStatementUploadQuery = z.object({ name: text().trim().min(1).max(200) });
export const bankEntryParams = z.object({ entryId: text().min(1).max(200) });
export const assignBankEntryRequestSchema = z.object({
  orderId: z.number().int().min(1).max(2_147_483_647),
  note,
});
export const handleBankEntryRequestSchema = z.object({ note });

/** Unpaid orders that hold stock: bank transfers and provider payments, oldest first. */
export const openHoldSchema = z.object({
  orderId: z.number().int(),
  brand: brandRef,
  status: z.enum(orderStatuses),
  paymentType: z.enum(paymentTypes).nullable(),
  customerName: text().nullable(),
  totalCents: z.number().int(),
  units: z.number().int(),
  closedAt: isoTime.nullable(),
  holdUntil: isoTime.nullable(),
});
export const openHoldListSchema = z.object({
  holds: z.array(openHoldSchema),
  /** What all open holds add up to. */
  totalCents: z.number().int(),
  units: z.number().int(),
});

export const staffListEntrySchema = staffMemberSchema.extend({
  /** Switched off: cannot sign in, every session ended. */
  disabled: z.boolean(),
  /** Invited, no password set yet. */
  invited: z.boolean(),
  lastActiveAt: isoTime.nullable(),
});
export const staffListSchema = z.object({ staff: z.array(staffListEntrySchema) });

const brandShorts = z.array(text().min(1).max(40)).max(50);
const hotelIds = z.array(z.number().int().min(1).max(2_147_483_647)).max(200);

export const createStaffRequestSchema = z.object({
  email,
  name: text().trim().min(1).max(100),
  role: z.enum(staffRoles),
  brands: brandShorts.default([]),
  /** For the hotel role: the hotels the member works for (at least one). */
  hotels: hotelIds.default([]),
  markPaidLimitCents: cents.nullable().optional(),
});
export const updateStaffRequestSchema = z.object({
  name: text().trim().min(1).max(100).optional(),
  role: z.enum(staffRoles).optional(),
  brands: brandShorts.optional(),
  hotels: hotelIds.optional(),
  markPaidLimitCents: cents.nullable().optional(),
  disabled: z.boolean().optional(),
});
export const staffParams = z.object({ staffId: text().check(z.uuid()) });

/** The invited member sets a password with the token of the mailed link (`/admin/invite#<token>`). */
export const acceptInviteRequestSchema = z.object({
  token: text().min(20).max(200),
  password: text().min(12).max(200),
});

export const ownSessionsSchema = z.object({
  sessions: z.array(z.object({ id: text(), createdAt: isoTime, lastUsedAt: isoTime, current: z.boolean() })),
});
export const sessionParams = z.object({ sessionId: text().check(z.uuid()) });

/** POST /api/admin/order-exports: the orders list's search and filters (every page, in its order). */
export const orderExportRequestSchema = adminOrderSearchQuery.omit({ page: true, pageSize: true });
export type OrderExportRequest = z.input<typeof orderExportRequestSchema>;

export const orderExportStatuses = ['queued', 'running', 'done', 'failed'] as const;

/** An export's progress; `fileUrl` once it is done (the CSV, for the member who asked for it only). */
export const orderExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(orderExportStatuses),
  rowsDone: z.number().int(),
  /** Known once the job has counted the orders. */
  rowsTotal: z.number().int().nullable(),
  createdAt: isoTime,
  finishedAt: isoTime.nullable(),
  fileUrl: text().nullable(),
});
export type OrderExport = z.infer<typeof orderExportSchema>;
