import {
  adminBrandListSchema,
  adminOrderDetailSchema,
  adminOrderListSchema,
  adminOrderParams,
  adminOrderSearchQuery,
  cancelOrderRequestSchema,
  extendHoldRequestSchema,
  markPaidRequestSchema,
  refundRequestSchema,
  resendMailRequestSchema,
} from '@shop/contracts/admin';
import { problemSchema } from '@shop/contracts/problem';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { queryRows } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import type { BrandDirectory } from '#src/modules/brands/brand-directory.ts';
import { allRoles, staffOf } from '../admin-access.ts';
import {
  type ActionContext,
  type ActionDeps,
  cancelOrder,
  extendHold,
  markTransferPaid,
  resendMail,
} from './admin-order-actions.ts';
import { findAdminOrder, searchOrders } from './admin-orders.repository.ts';
import { refundOrder } from './refunds.ts';

export type AdminOrderRouteDeps = ActionDeps & { brands: Pick<BrandDirectory, 'byId'> };

const tags = ['admin'];
const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };
const actionErrors = { ...errors, 409: problemSchema };
const managers = { roles: ['operator', 'brand-manager'] } as const;
const everyone = { roles: allRoles } as const;

export function registerAdminOrderRoutes(server: FastifyInstance, deps: AdminOrderRouteDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const originOf = async (brandId: number) => {
    const brand = await deps.brands.byId(brandId);
    if (!brand) throw new Error(`brand ${brandId} has no address`);
    return brand.origin;
  };
  const detail = async (request: FastifyRequest, orderId: number) => {
    const order = await findAdminOrder(deps.db, orderId, staffOf(request).brandIds, request.locale, originOf);
    if (!order) throw new HttpProblem(404, 'not-found', 'order');
    return order;
  };
  const context = (request: FastifyRequest): ActionContext => ({
    staff: staffOf(request),
    address: request.ip,
    locale: request.locale,
  });

  app.get(
    '/api/admin/brands',
    {
      config: { adminRule: everyone },
      schema: {
        tags,
        summary: 'The brands the staff member works for',
        response: { 200: adminBrandListSchema, ...errors },
      },
    },
    async (request) => {
      const brandIds = staffOf(request).brandIds;
      return queryRows<{ id: number; short: string; name: string }>(
        deps.db,
        sql`SELECT id, short, name FROM brands
            WHERE ${brandIds === null} OR id = ANY(${sql.param(brandIds ?? [])}::int[]) ORDER BY name`,
      );
    },
  );

  app.get(
    '/api/admin/orders',
    {
      config: { adminRule: everyone },
      schema: {
        tags,
        summary:
          'Find orders: one search box (number, transfer reference, invoice number, voucher code, e-mail, name) and filters',
        querystring: adminOrderSearchQuery,
        response: { 200: adminOrderListSchema, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 25;
      const found = await searchOrders(deps.db, {
        ...query,
        sort: query.sort ?? 'created-desc',
        page,
        pageSize,
        brandIds: staffOf(request).brandIds,
      });
      return { ...found, page, pageSize };
    },
  );

  app.get(
    '/api/admin/orders/:id',
    {
      config: { adminRule: everyone },
      schema: {
        tags,
        summary:
          'One order with its items, customer, payments, vouchers, invoice, mails, documents and history',
        params: adminOrderParams,
        response: { 200: adminOrderDetailSchema, ...errors },
      },
    },
    async (request) => detail(request, request.params.id),
  );

  app.post(
    '/api/admin/orders/:id/mark-paid',
    {
      config: { adminRule: everyone },
      schema: {
        tags,
        summary: 'Mark an open bank transfer paid (the amount must be the total; support up to their limit)',
        params: adminOrderParams,
        body: markPaidRequestSchema,
        response: { 200: adminOrderDetailSchema, ...actionErrors },
      },
    },
    async (request) => {
      await markTransferPaid(deps, context(request), request.params.id, request.body);
      return detail(request, request.params.id);
    },
  );

  app.post(
    '/api/admin/orders/:id/cancel',
    {
      config: { adminRule: everyone },
      schema: {
        tags,
        summary: 'Cancel an unpaid order: its stock, code and gift cards are given back',
        params: adminOrderParams,
        body: cancelOrderRequestSchema,
        response: { 200: adminOrderDetailSchema, ...actionErrors },
      },
    },
    async (request) => {
      await cancelOrder(deps, context(request), request.params.id, request.body);
      return detail(request, request.params.id);
    },
  );

  app.post(
    '/api/admin/orders/:id/resend-mail',
    {
      config: { adminRule: everyone },
      schema: {
        tags,
        summary: 'Send one of the order’s mails again (order received, payment received, transfer reminder)',
        params: adminOrderParams,
        body: resendMailRequestSchema,
        response: { 200: adminOrderDetailSchema, ...actionErrors },
      },
    },
    async (request) => {
      await resendMail(deps, context(request), request.params.id, request.body);
      return detail(request, request.params.id);
    },
  );

  app.post(
    '/api/admin/orders/:id/refund',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'Refund the whole order or some of its vouchers: they are void at once, the money follows',
        description:
          'A PayPal or Amazon Pay payment is refunded through the provider by a job (`pending` until it ' +
          'confirms); a bank transfer is marked `manual`: to be paid back by the operator’s bank.',
        params: adminOrderParams,
        body: refundRequestSchema,
        response: { 200: adminOrderDetailSchema, ...actionErrors },
      },
    },
    async (request) => {
      await refundOrder(deps, context(request), request.params.id, request.body);
      return detail(request, request.params.id);
    },
  );

  app.post(
    '/api/admin/orders/:id/extend-hold',
    {
      config: { adminRule: managers },
      schema: {
        tags,
        summary: 'Give an open bank transfer more days before its hold runs out',
        params: adminOrderParams,
        body: extendHoldRequestSchema,
        response: { 200: adminOrderDetailSchema, ...actionErrors },
      },
    },
    async (request) => {
      await extendHold(deps, context(request), request.params.id, request.body);
      return detail(request, request.params.id);
    },
  );
}
