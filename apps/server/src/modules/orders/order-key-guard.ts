import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AttemptLimiter,
  type AttemptLimiterOptions,
  createAttemptLimiter,
} from '#src/http/rate-limit.ts';
import { OrderNotFound } from './order-access.ts';

type Limits = Omit<AttemptLimiterOptions<'order'>, 'name'>;

/**
 * Every call naming an order by id and key (orders, vouchers, invoices). A client or an order with too
 * many wrong keys is refused before the key is looked at, so a refused guesser cannot tell a hit from a
 * miss; a wrong key (or an order that does not exist) counts against both. `guesses` also refuses, up
 * front, a client or order that has used up its codes or cards.
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
