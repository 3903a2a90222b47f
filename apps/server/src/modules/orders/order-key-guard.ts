import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AttemptLimiter,
  type AttemptLimiterOptions,
  createAttemptLimiter,
} from '#src/http/rate-limit.ts';
import { OrderNotFound } from './order-access.ts';

type Limits = Omit<AttemptLimiterOptions<'order'>, 'name'>;

/**
 * Every call naming an order by id and key (orders, vouchers, invoices). A client with too many wrong
 * keys, or one that missed on an order whose wrong keys are used up (its hold-back), is refused before
 * the key is looked at, so a refused guesser cannot tell a hit from a miss; a client that has not missed
 * on the order is always checked, so the buyer with the key gets through (docs/decisions/021). A wrong
 * key (or an order that does not exist) counts against the client and the order. `guesses` also
 * refuses, up front, a client or order that has used up its codes, cards or membership numbers (only
 * key holders count those per order).
 */
export function createOrderKeyGuard(server: FastifyInstance, limits: Limits) {
  const orderKeys = createAttemptLimiter(server, { name: 'order-key', ...limits });
  return async <T>(
    request: FastifyRequest,
    orderId: number,
    work: () => Promise<T>,
    guesses?: AttemptLimiter<'order'>,
  ): Promise<T> => {
    await Promise.all([
      orderKeys.check(request, { order: orderId }),
      guesses?.check(request, { order: orderId }),
    ]);
    try {
      return await work();
    } catch (error) {
      if (error instanceof OrderNotFound) await orderKeys.countMiss(request, { order: orderId });
      throw error;
    }
  };
}

export type OrderKeyGuard = ReturnType<typeof createOrderKeyGuard>;

/** The guard without its limits, for bench/edge-overhead.bench.ts alone (see `withEdgeChecks`). */
export const withoutOrderKeyLimits: OrderKeyGuard = (_request, _orderId, work) => work();
