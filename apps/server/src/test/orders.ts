import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';

/** A customer whose data passes every check of PUT /api/order/customer. */
export const exampleCustomer = {
  gender: 10,
  firstName: 'Luca',
  lastName: 'Rossi',
  email: 'luca.rossi@example.it',
  street: 'Via Roma',
  houseNumber: '1',
  postcode: '39100',
  city: 'Bolzano',
  country: 'IT',
  acceptTerms: true,
} as const;

/** Ids of variants every brand sells with a few units in stock, lowest first. */
export async function variantsInStock(db: Database, count = 1): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT v.id FROM variants v JOIN offers o ON o.id = v.offer_id
        WHERE v.stock >= 5 AND o.is_active AND o.brand_id IS NULL ORDER BY v.id LIMIT ${count}`,
  );
  if (rows.length === 0) throw new Error('no variant in stock');
  return rows.map((row) => row.id);
}
