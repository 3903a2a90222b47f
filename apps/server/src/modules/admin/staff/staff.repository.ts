import type { StaffRole } from '@shop/contracts/admin';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';

export type StaffRow = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  recovery_code_hashes: string[];
  totp_last_step: number | null;
  mark_paid_limit_cents: number | null;
  disabled_at: Date | null;
  /** The brands the member works for (empty: all, for an operator or an unrestricted support member). */
  brands: { id: number; short: string; name: string }[];
  /** The hotels a hotel staff member works for (empty for every other role). */
  hotels: { id: number; name: string }[];
};

/** The member's hotels, as a column of a query over `staff s`. */
export const staffHotelsColumn = sql`
    coalesce((SELECT json_agg(json_build_object('id', h.id, 'name', h.name) ORDER BY h.name, h.id)
      FROM staff_hotels sh JOIN hotels h ON h.id = sh.hotel_id WHERE sh.staff_id = s.id), '[]') AS hotels`;

const staffSelect = sql`
  SELECT s.*,
    coalesce((SELECT json_agg(json_build_object('id', b.id, 'short', b.short, 'name', b.name) ORDER BY b.short)
      FROM staff_brands sb JOIN brands b ON b.id = sb.brand_id WHERE sb.staff_id = s.id), '[]') AS brands,
    ${staffHotelsColumn}
  FROM staff s`;

export async function findStaffByEmail(db: Database, email: string): Promise<StaffRow | undefined> {
  const [row] = await queryRows<StaffRow>(db, sql`${staffSelect} WHERE s.email = ${email.toLowerCase()}`);
  return row;
}

export async function findStaffById(db: Database, id: string): Promise<StaffRow | undefined> {
  const [row] = await queryRows<StaffRow>(db, sql`${staffSelect} WHERE s.id = ${id}`);
  return row;
}

export async function insertStaff(
  db: Database,
  member: {
    email: string;
    name: string;
    role: StaffRole;
    passwordHash: string;
    brandShorts: string[];
    hotelIds?: number[];
    markPaidLimitCents: number | null;
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO staff (email, name, role, password_hash, mark_paid_limit_cents)
          VALUES (${member.email.toLowerCase()}, ${member.name}, ${member.role}, ${member.passwordHash},
            ${member.markPaidLimitCents})
          RETURNING id`,
    );
    const id = (row as { id: string }).id;
    if (member.brandShorts.length > 0) {
      const inserted = await queryRows<{ brand_id: number }>(
        tx,
        sql`INSERT INTO staff_brands (staff_id, brand_id)
            SELECT ${id}, id FROM brands WHERE short = ANY(${sql.param(member.brandShorts)}::text[])
            RETURNING brand_id`,
      );
      if (inserted.length !== new Set(member.brandShorts).size) {
        throw new Error(`unknown brand among ${member.brandShorts.join(', ')}`);
      }
    }
    for (const hotelId of member.hotelIds ?? []) {
      await tx.execute(sql`INSERT INTO staff_hotels (staff_id, hotel_id) VALUES (${id}, ${hotelId})`);
    }
    return id;
  });
}
