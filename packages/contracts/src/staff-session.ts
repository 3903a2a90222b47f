/**
 * Who is signed in to the back office (`GET /api/admin/auth/session`) and the CSRF header: what every
 * screen needs before any other, kept apart from admin.ts so that a first view loads this alone.
 */
import { z } from 'zod';
import { text } from './text.ts';

/**
 * operator: everything, every brand, staff accounts included. brand-manager: everything for their
 * brands. support: find and read orders, resend mails and documents, mark transfers paid up to their
 * limit, cancel unpaid orders; no refunds, no catalogue or staff changes. hotel: a hotel's desk (issue 27),
 * for the hotels named on the account only: checks and redeems their vouchers, nothing else.
 */
export const staffRoles = ['operator', 'brand-manager', 'support', 'hotel'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The header every state-changing admin call carries: the session's CSRF token. */
export const adminCsrfHeader = 'x-csrf-token';

const cents = z.number().int().min(0).max(2_147_483_647);

export const staffBrandSchema = z.object({ id: z.number().int(), short: text(), name: text() });

export const staffMemberSchema = z.object({
  id: text(),
  email: text(),
  name: text(),
  role: z.enum(staffRoles),
  /** The brands the staff member works for; empty for an operator (all brands). */
  brands: z.array(staffBrandSchema),
  /** The hotels a hotel staff member works for; empty for every other role. */
  hotels: z.array(z.object({ id: z.number().int(), name: text() })),
  totpEnabled: z.boolean(),
  /** The largest bank transfer a support member may mark paid; null: no limit. */
  markPaidLimitCents: cents.nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffSessionSchema = z.object({
  staff: staffMemberSchema,
  csrfToken: text(),
  /**
   * The staff member must set up a second factor before anything else (an operator in production):
   * every other admin call answers 403 `totp-setup-required` until then.
   */
  mustSetUpTotp: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
