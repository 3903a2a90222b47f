import { problemSchema } from '@shop/contracts/problem';
import type { FastifyRequest } from 'fastify';
import type { Access, Caller } from './checkout-context.ts';

/** What the order routes and the checkout routes share. */

export const tags = ['orders'];

/** The problem answers every order call may give (SPEC §8). */
export const orderErrors = {
  400: problemSchema,
  404: problemSchema,
  409: problemSchema,
  410: problemSchema,
  428: problemSchema,
  429: problemSchema,
};

export function callerOf(request: FastifyRequest): Caller {
  return {
    brand: request.brand,
    locale: request.locale,
    // Where the payment provider sends the buyer back: the brand's own address, never the Host header.
    origin: request.brand.origin,
    clientIp: request.ip,
  };
}

export const accessOf = (params: { id: number; key: string }): Access => ({
  orderId: params.id,
  key: params.key,
});
