import { Redis } from 'ioredis';

/** Whether a Redis server answers at `url` within a second (tests that need one skip, or fail under CI). */
export async function isReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
