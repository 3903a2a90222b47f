/**
 * Creating staff accounts: the first operator from the command line (`npm run staff`), and the demo
 * database's three members (only with the demo catalogue, never otherwise).
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
};

export function checkNewStaffMember(member: NewStaffMember): string | null {
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(member.email)) return `not an e-mail address: ${member.email}`;
  if (member.role === 'brand-manager' && member.brands.length === 0) return 'a brand manager needs --brand';
  if (member.role === 'operator' && member.brands.length > 0)
    return 'an operator works for every brand: no --brand';
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
    markPaidLimitCents: member.role === 'support' ? defaultSupportMarkPaidLimitCents : null,
  });
}

/** A password to hand over once (24 random characters). */
export function generatedPassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The demo's staff (README): published passwords, so they exist in the demo database only. */
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
  }
}
