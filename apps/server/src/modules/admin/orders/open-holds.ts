import { openHoldListSchema } from '@shop/contracts/admin';
import type { OrderStatus, PaymentType } from '@shop/contracts/orders';
import { problemSchema } from '@shop/contracts/problem';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Database, queryRows } from '#src/db/client.ts';
import { allRoles, staffOf } from '../admin-access.ts';

type HoldRow = {
  id: number;
  brand_short: string;
  brand_name: string;
  status: OrderStatus;
  payment_type: PaymentType | null;
  first_name: string | null;
  last_name: string | null;
  total_cents: number;
  units: number;
  closed_at: Date | null;
  hold_until: Date | null;
};

/**
 * Unpaid orders that hold stock (bank transfers and provider payments under way), oldest first, with
 * what they hold: the hoarding rule of docs/decisions/020 made visible to staff (issue 25).
 */
export function registerOpenHoldRoutes(server: FastifyInstance, deps: { db: Database }): void {
  server.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/holds',
    {
      config: { adminRule: { roles: allRoles } },
      schema: {
        tags: ['admin'],
        summary: 'Unpaid orders that hold stock, oldest first, with the units and amount each holds',
        response: { 200: openHoldListSchema, 401: problemSchema, 403: problemSchema },
      },
    },
    async (request) => {
      const brandIds = staffOf(request).brandIds;
      const rows = await queryRows<HoldRow>(
        deps.db,
        sql`SELECT o.id, b.short AS brand_short, b.name AS brand_name, o.status, o.payment_type,
              o.customer_data->>'firstName' AS first_name, o.customer_data->>'lastName' AS last_name,
              o.total_cents, o.closed_at, o.hold_until,
              (SELECT coalesce(sum(quantity), 0)::int FROM order_items WHERE order_id = o.id) AS units
            FROM orders o JOIN brands b ON b.id = o.brand_id
            WHERE o.status IN ('awaiting-payment', 'payment-pending') AND o.hold_until IS NOT NULL
              AND (${brandIds === null} OR o.brand_id = ANY(${sql.param(brandIds ?? [])}::int[]))
            ORDER BY o.closed_at NULLS FIRST, o.id LIMIT 500`,
      );
      const holds = rows.map((row) => ({
        orderId: row.id,
        brand: { short: row.brand_short, name: row.brand_name },
        status: row.status,
        paymentType: row.payment_type,
        customerName: [row.first_name, row.last_name].filter(Boolean).join(' ') || null,
        totalCents: row.total_cents,
        units: row.units,
        closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
        holdUntil: row.hold_until ? new Date(row.hold_until).toISOString() : null,
      }));
      return {
        holds,
        totalCents: holds.reduce((sum, hold) => sum + hold.totalCents, 0),
        units: holds.reduce((sum, hold) => sum + hold.units, 0),
      };
    },
  );
}
