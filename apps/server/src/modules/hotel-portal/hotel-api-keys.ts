/**
 * A hotel system's API keys (issue 27): `hk_` and 32 random base64url characters (192 bits), shown once
 * and kept as their SHA-256. A key acts for its hotel only; a revoked key is refused at once on every
 * process (each request looks its key up: one indexed read).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { hashSecret } from '#src/modules/accounts/sessions.ts';

export type HotelApiKey = { id: number; hotelId: number; label: string; prefix: string };

const keyPattern = /^hk_[A-Za-z0-9_-]{32}$/;

export async function createHotelApiKey(
  db: Database,
  hotelId: number,
  label: string,
  createdBy: string,
): Promise<HotelApiKey & { key: string }> {
  const key = `hk_${randomBytes(24).toString('base64url')}`;
  const prefix = key.slice(0, 9);
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO hotel_api_keys (hotel_id, key_hash, prefix, label, created_by)
        VALUES (${hotelId}, ${hashSecret(key)}, ${prefix}, ${label}, ${createdBy}) RETURNING id`,
  );
  return { id: (row as { id: number }).id, hotelId, label, prefix, key };
}

/** The key's record while it is not revoked; also notes when it was last used (at most once a minute). */
export async function findActiveHotelKey(db: Database, key: string): Promise<HotelApiKey | undefined> {
  if (!keyPattern.test(key)) return undefined;
  const [row] = await queryRows<{
    id: number;
    hotel_id: number;
    label: string;
    prefix: string;
    stale: boolean;
  }>(
    db,
    sql`SELECT id, hotel_id, label, prefix,
          (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS stale
        FROM hotel_api_keys WHERE key_hash = ${hashSecret(key)} AND revoked_at IS NULL`,
  );
  if (!row) return undefined;
  if (row.stale) await db.execute(sql`UPDATE hotel_api_keys SET last_used_at = now() WHERE id = ${row.id}`);
  return { id: row.id, hotelId: row.hotel_id, label: row.label, prefix: row.prefix };
}

export type HotelApiKeyRow = {
  id: number;
  label: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
};

export function listHotelApiKeys(db: Database, hotelId: number): Promise<HotelApiKeyRow[]> {
  return queryRows<HotelApiKeyRow>(
    db,
    sql`SELECT id, label, prefix, created_at, last_used_at, revoked_at FROM hotel_api_keys
        WHERE hotel_id = ${hotelId} ORDER BY revoked_at IS NOT NULL, created_at DESC, id DESC`,
  );
}

/** Revokes the key; false when the hotel has no such key that is still in force. */
export async function revokeHotelApiKey(db: Database, hotelId: number, keyId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE hotel_api_keys SET revoked_at = now()
        WHERE id = ${keyId} AND hotel_id = ${hotelId} AND revoked_at IS NULL RETURNING id`,
  );
  return rows.length === 1;
}
