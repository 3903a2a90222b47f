import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Database, queryRows } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { staffOf } from './admin-access.ts';

export type ScopedBrand = { id: number; short: string; name: string };

/**
 * The brands a back-office list or report covers: the member's own (every brand for an operator), or the
 * one asked for, which must be among them: another brand's name answers 404, like another brand's order.
 */
export async function brandsInScope(
  db: Database,
  request: FastifyRequest,
  brand?: string,
): Promise<ScopedBrand[]> {
  const brandIds = staffOf(request).brandIds;
  const brands = await queryRows<ScopedBrand>(
    db,
    sql`SELECT id, short, name FROM brands
        WHERE (${brandIds === null} OR id = ANY(${sql.param(brandIds ?? [])}::int[]))
          AND (${brand === undefined} OR short = ${brand ?? ''})
        ORDER BY short`,
  );
  if (brand !== undefined && brands.length === 0) throw new HttpProblem(404, 'not-found', 'brand');
  return brands;
}
