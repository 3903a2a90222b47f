/**
 * Creating staff accounts: the first operator from the command line (`npm run staff`), and the demo
 * database's four members (only with the demo catalogue, never otherwise).
 */
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@shop/contracts/admin';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { hashPassword } from '#src/modules/accounts/passwords.ts';
import { insertStaff } from './staff.repository.ts';

/** What a support member may mark paid unless the operator sets another limit (cents). */
export const defaultSupportMarkPaidLimitCents = 100_000;

export type NewStaffMember = {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
  brands: string[];
  /** For the hotel role: the ids of the hotels the member works for. */
  hotels?: number[];
};

export function checkNewStaffMember(member: NewStaffMember): string | null {
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(member.email)) return `not an e-mail address: ${member.email}`;
  if (member.role === 'brand-manager' && member.brands.length === 0) return 'a brand manager needs --brand';
  if (member.role === 'operator' && member.brands.length > 0)
    return 'an operator works for every brand: no --brand';
  if ((member.role === 'hotel') !== (member.hotels?.length ?? 0) > 0) {
    return 'a hotel staff member (and only they) works for one hotel at least';
  }
  if (member.role === 'hotel' && member.brands.length > 0) return 'hotel staff work for hotels: no --brand';
  if (member.password.length < 12) return 'the password needs at least 12 characters';
  return null;
}

export async function createStaffMember(db: Database, member: NewStaffMember): Promise<string> {
  const problem = checkNewStaffMember(member);
  if (problem) throw new Error(problem);
  return insertStaff(db, {
    email: member.email,
    name: member.name,
    role: member.role,
    passwordHash: await hashPassword(member.password),
    brandShorts: member.brands,
    hotelIds: member.hotels ?? [],
    markPaidLimitCents: member.role === 'support' ? defaultSupportMarkPaidLimitCents : null,
  });
}

/** A password to hand over once (24 random characters). */
export function generatedPassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Whether the shop runs for this machine only (its PUBLIC_URL is localhost or a loopback address): the
 * only place the demo staff, whose passwords are published, may exist.
 */
export function isLocalShop(publicUrl: string): boolean {
  const host = new URL(publicUrl).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

/** The demo's staff (README): published passwords, so they exist in a local demo database only. */
export const demoStaff: readonly NewStaffMember[] = [
  {
    email: 'operator@example.org',
    name: 'Olivia Operator',
    role: 'operator',
    password: 'demo-operator-2026',
    brands: [],
  },
  {
    email: 'manager.autoclub@example.org',
    name: 'Max Manager',
    role: 'brand-manager',
    password: 'demo-manager-2026',
    brands: ['autoclub'],
  },
  {
    email: 'support@example.org',
    name: 'Sam Support',
    role: 'support',
    password: 'demo-support-2026',
    brands: [],
  },
  {
    // The front desk of the demo catalogue's first hotel (issue 27).
    email: 'rezeption@example.org',
    name: 'Rita Rezeption',
    role: 'hotel',
    password: 'demo-hotel-2026',
    brands: [],
    hotels: [1],
  },
];

/** Adds the demo staff that are missing (a re-seed keeps existing accounts, and gives a manager its brand back). */
export async function seedDemoStaff(db: Database): Promise<void> {
  for (const member of demoStaff) {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM staff WHERE email = ${member.email}`,
    );
    if (!row) {
      await createStaffMember(db, member);
      continue;
    }
    await db.execute(
      sql`INSERT INTO staff_brands (staff_id, brand_id)
          SELECT ${row.id}, id FROM brands WHERE short = ANY(${sql.param([...member.brands])}::text[])
          ON CONFLICT DO NOTHING`,
    );
    await db.execute(
      sql`INSERT INTO staff_hotels (staff_id, hotel_id)
          SELECT ${row.id}, id FROM hotels WHERE id = ANY(${sql.param([...(member.hotels ?? [])])}::int[])
          ON CONFLICT DO NOTHING`,
    );
  }
}
