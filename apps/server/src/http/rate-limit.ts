import { createHash } from 'node:crypto';
import rateLimit, { type CreateRateLimitOptions, normalizeIP } from '@fastify/rate-limit';
import { type Locale, localeIso } from '@shop/contracts/locale';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '#src/config.ts';
import { HttpProblem } from './problem.ts';

/**
 * Rate limits (docs/decisions/011-rate-limits.md). @fastify/rate-limit counts, in this process's memory or,
 * with REDIS_URL, in Redis so that several processes share the counters. There is no global limit: the
 * catalogue is cached and cheap. What is limited are guesses: promotion codes, gift cards, order keys (and,
 * with the accounts, logins and password resets), through `createAttemptLimiter` below.
 */

export type RateLimitConfig = Pick<Config, 'redisUrl'> & {
  /** Prefix of the Redis keys (default `shop:rate-limit:`); tests give each run its own. */
  rateLimitKeyPrefix?: string;
};

export const defaultRedisKeyPrefix = 'shop:rate-limit:';
export const redisConnectionName = 'shop-rate-limit';

/** How long a request may wait for Redis before its limits are skipped (fail open). */
const redisCommandTimeoutMs = 250;
/** How long the start waits for a first Redis connection; without one the server starts anyway. */
const redisStartWaitMs = 2_000;
/** At most one log line per this interval about an unreachable store, however many requests meet it. */
const failureLogIntervalMs = 30_000;

export async function registerRateLimiting(app: FastifyInstance, config: RateLimitConfig): Promise<void> {
  const redis = config.redisUrl ? openRedis(app, config.redisUrl) : undefined;
  // Counts are nobody's business: no X-RateLimit-* headers, only Retry-After on a 429.
  const noCounts = { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false };
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: config.rateLimitKeyPrefix ?? defaultRedisKeyPrefix } : {}),
    // Route-level limits (`config: { rateLimit }`) let requests through when Redis fails; the attempt
    // limiters below catch store failures themselves, to log them.
    skipOnError: true,
    addHeadersOnExceeding: noCounts,
    addHeaders: { ...noCounts, 'retry-after': true },
    // Thrown by the plugin; the error handler answers it as problem+json in the caller's language.
    errorResponseBuilder: (request, context) =>
      new TooManyAttempts(request.locale, secondsOf(context.ttl), 'requests'),
  });
  app.decorate('hasSharedRateLimits', redis !== undefined);
  // The attempt limiters have no reply to set the header on; their error carries it.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
  });
}

/**
 * Said at start when limits are weaker than they read: without REDIS_URL each process counts in its own
 * memory, so n processes (WEB_CONCURRENCY, or machines sharing one database) allow n times every limit.
 */
export function perProcessLimitsWarning(
  config: Pick<Config, 'redisUrl' | 'processes' | 'databaseUrl'>,
): string | null {
  if (config.redisUrl || (config.processes <= 1 && !config.databaseUrl)) return null;
  const limits = 'order keys, codes, gift cards, sign-ins, carts';
  const together =
    config.processes > 1
      ? `each of the ${config.processes} server processes (WEB_CONCURRENCY) counts the rate limits in its own memory, so together they allow ${config.processes} times each limit`
      : 'this process counts the rate limits in its own memory, so several machines on this database together allow that many times each limit';
  return `REDIS_URL is not set: ${together} (${limits}); set REDIS_URL to share the counters`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the counters live in Redis, shared with other processes, rather than in this one. */
    hasSharedRateLimits: boolean;
  }
}

/** 429 too-many-requests with Retry-After and a detail in the caller's language saying when to try again. */
export class TooManyAttempts extends HttpProblem {
  constructor(
    locale: Locale,
    readonly retryAfterSeconds: number,
    what: 'attempts' | 'requests' = 'attempts',
  ) {
    super(429, 'too-many-requests', retryDetail(locale, retryAfterSeconds, what));
  }
}

const retryTexts: Record<Locale, { attempts: string; retry: (wait: string) => string }> = {
  de: { attempts: 'Zu viele Versuche.', retry: (wait) => `Bitte versuchen Sie es in ${wait} erneut.` },
  en: { attempts: 'Too many attempts.', retry: (wait) => `Please try again in ${wait}.` },
  it: { attempts: 'Troppi tentativi.', retry: (wait) => `Si prega di riprovare tra ${wait}.` },
};

/** "Zu viele Versuche. Bitte versuchen Sie es in 5 Minuten erneut." (seconds below a minute, hours from 90 minutes). */
export function retryDetail(
  locale: Locale,
  seconds: number,
  what: 'attempts' | 'requests' = 'attempts',
): string {
  const [value, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 90 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  const wait = new Intl.NumberFormat(localeIso[locale], { style: 'unit', unit, unitDisplay: 'long' }).format(
    value,
  );
  const texts = retryTexts[locale];
  return what === 'attempts' ? `${texts.attempts} ${texts.retry(wait)}` : texts.retry(wait);
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

// ---------------------------------------------------------------------------------------------------------
// Attempt limiters: the reusable API (codes, gift cards and order keys now; logins and resets next).

export type Limit = {
  /** Attempts allowed in the window; the next one is refused with 429. */
  max: number;
  /** Milliseconds from the first counted attempt (a fixed window: it does not move with later attempts). */
  timeWindow: number;
};

/**
 * How long a client that has missed on a subject waits before its next attempt on it, once the subject
 * has used up its misses: `first` after its last miss, times `growth` (default 1) for each further miss
 * on the subject, at most `longest`.
 */
export type HoldBack = { first: number; growth?: number; longest: number };

/**
 * A limit per subject. Without `holdBack`, a subject that has used up its attempts refuses every attempt
 * on it, up front. With it (for limits on misses), it refuses only the clients that have missed on it,
 * each for its hold-back after its last miss; a client without a miss on it is let through to be
 * checked, so that strangers' misses never lock its owner out (docs/decisions/021-lock-outs.md).
 */
export type SubjectLimit = Limit & { holdBack?: HoldBack };

export type AttemptLimiterOptions<Scope extends string> = {
  /** Names the counters (Redis keys, logs): 'promotion-code', 'login'. */
  name: string;
  /** Per client: `request.ip` (TRUST_PROXY decides whether X-Forwarded-For counts), IPv6 by its /64. */
  perClient: Limit;
  /** Per subject the call names, e.g. `{ order: {...} }` or `{ account: {...} }`. */
  per?: Record<Scope, SubjectLimit>;
};

/** The subjects of one call, e.g. `{ order: 42 }`; the client always counts. */
export type AttemptSubjects<Scope extends string> = Partial<Record<Scope, string | number>>;

export type AttemptLimiter<Scope extends string> = {
  /**
   * Refuses (throws `TooManyAttempts`) when the client or a subject has used up its attempts (a subject
   * with a hold-back: when this client is held back on it); counts nothing. Call it before looking
   * anything up, so that a refused caller learns nothing.
   */
  check(request: FastifyRequest, subjects?: AttemptSubjects<Scope>): Promise<void>;
  /** Counts one failed attempt against the client and the subjects (for limits on misses only). */
  countMiss(request: FastifyRequest, subjects?: AttemptSubjects<Scope>): Promise<void>;
  /**
   * Counts one attempt, whatever it will find, and refuses it when that is one too many (for guesses that
   * must not tell a hit from a miss). With `guess`, the same guess again from the same client within the
   * window is not counted again (a look-up after a refused code, a double click), only checked. Refuses
   * on the counts alone: hold-backs are for limits on misses.
   */
  attempt(
    request: FastifyRequest,
    subjects?: AttemptSubjects<Scope>,
    options?: { guess?: string },
  ): Promise<void>;
};

type Counter = ReturnType<FastifyInstance['createRateLimit']>;
type CountedKey = {
  counter: Counter;
  key: string;
  scope: string;
  max: number;
  window: number;
  /** For a subject with a hold-back: this client's last miss on it. */
  lastMiss?: { counter: Counter; key: string; holdBack: HoldBack };
};
/** A counter's state: attempts counted in its window, and milliseconds until the window ends (0: none). */
type Count = { current: number; ttl: number };

/**
 * Every counter is handed a max it never reaches, so that the store's answer tells the count itself
 * (`max − remaining`; past its max the plugin says only "exceeded"). The limits are compared here, and a
 * hold-back grows with a subject's misses beyond its limit.
 */
const storeMax = 2 ** 30;

/**
 * The plugin takes a counter's key from the request; each call hands it a stand-in with the key in this
 * property and the one other thing the plugin reads (`routeOptions.config`, for a route's group id,
 * which our counters do not have). Not `Object.create(request)`: V8 turns an object used as a
 * prototype into a slower kind of object, and these are Fastify's request objects.
 */
const counterKey = Symbol('rate-limit counter key');
type KeyedRequest = FastifyRequest & { [counterKey]: string };
const keyedRequest = (key: string) =>
  ({ [counterKey]: key, routeOptions: { config: {} } }) as unknown as KeyedRequest;
const keyOf = (request: FastifyRequest) => (request as KeyedRequest)[counterKey];

/**
 * A limiter on attempts, per client and per named subject, on @fastify/rate-limit's store (memory or
 * Redis). A store that fails lets the attempt through (fail open) and is logged at most every 30 s.
 *
 *   const logins = createAttemptLimiter(app, { name: 'login', perClient: {...}, per: { account: {...} } });
 *   await logins.check(request, { account: email });           // before the password is checked
 *   if (!valid) await logins.countMiss(request, { account: email });
 */
export function createAttemptLimiter<Scope extends string = never>(
  app: FastifyInstance,
  options: AttemptLimiterOptions<Scope>,
): AttemptLimiter<Scope> {
  const counter = (limit: Limit): Counter => {
    if (!(limit.max >= 1) || !(limit.timeWindow >= 1000)) {
      throw new Error(`rate limit ${options.name}: max must be at least 1, the window at least 1 s`);
    }
    return app.createRateLimit({
      max: storeMax,
      timeWindow: limit.timeWindow,
      skipOnError: false,
      keyGenerator: keyOf,
    });
  };
  /**
   * When a client last missed on a subject: every miss starts the window again (`continueExceeding`
   * past a max of 0), so the time left tells how long ago the last one was.
   */
  const lastMissCounter = (holdBack: HoldBack): Counter => {
    if (
      !(holdBack.first >= 1000) ||
      !(holdBack.longest >= holdBack.first) ||
      !((holdBack.growth ?? 1) >= 1)
    ) {
      throw new Error(`rate limit ${options.name}: a hold-back needs 1 s ≤ first ≤ longest and growth ≥ 1`);
    }
    // The plugin hands every option to the counter's store; its types list only some of them.
    const lastMissOptions: CreateRateLimitOptions & { continueExceeding: boolean } = {
      max: 0,
      continueExceeding: true,
      timeWindow: holdBack.longest,
      skipOnError: false,
      keyGenerator: keyOf,
    };
    return app.createRateLimit(lastMissOptions);
  };
  const perClient = counter(options.perClient);
  const perSubject = new Map(
    Object.entries<SubjectLimit>(options.per ?? ({} as Record<Scope, SubjectLimit>)).map(([scope, limit]) => [
      scope,
      {
        counter: counter(limit),
        max: limit.max,
        window: limit.timeWindow,
        lastMiss: limit.holdBack && { counter: lastMissCounter(limit.holdBack), holdBack: limit.holdBack },
      },
    ]),
  );
  // Guesses seen from a client within its window: the first counts, a repeat does not.
  const seen = counter({ max: 1, timeWindow: options.perClient.timeWindow });
  const logFailure = throttledLog(app.log, `rate limit ${options.name}: store unavailable, not limiting`);
  // Counters in this process's memory are this limiter's alone: a key it never counted is at zero.
  // Reading one through the plugin is a chain of promises on every order call (the key guard's
  // check), so keys counted here are remembered and the others are not read. Not with Redis, where
  // other processes count too.
  const counted = app.hasSharedRateLimits ? null : countedKeys();

  const keysOf = (request: FastifyRequest, subjects: AttemptSubjects<Scope> = {}): CountedKey[] => {
    const client = clientOf(request);
    const keys: CountedKey[] = [
      {
        counter: perClient,
        key: `${options.name}:client:${client}`,
        scope: 'client',
        max: options.perClient.max,
        window: options.perClient.timeWindow,
      },
    ];
    for (const [scope, value] of Object.entries<string | number | undefined>(subjects)) {
      if (value === undefined) continue;
      const subject = perSubject.get(scope);
      if (!subject) throw new Error(`rate limit ${options.name} has no limit per ${scope}`);
      keys.push({
        counter: subject.counter,
        key: `${options.name}:${scope}:${value}`,
        scope,
        max: subject.max,
        window: subject.window,
        lastMiss: subject.lastMiss && {
          ...subject.lastMiss,
          key: `${options.name}:${scope}-miss:${value}:${client}`,
        },
      });
    }
    return keys;
  };

  /** One store call; null when the store failed or the key was never counted (the attempt goes through). */
  const run = async (counter: Counter, key: string, window: number, increment: boolean) => {
    if (counted && !counted.mayHold(key, increment, window)) return null;
    try {
      const state = await counter(keyedRequest(key), { increment });
      return state.isAllowed ? null : state;
    } catch (error) {
      logFailure(error);
      return null;
    }
  };
  const countOf = async (key: CountedKey, increment: boolean): Promise<Count | null> => {
    const state = await run(key.counter, key.key, key.window, increment);
    return state && { current: storeMax - state.remaining, ttl: state.ttl };
  };

  /**
   * How long this client still waits on a subject that has used up its misses (`over`: its misses
   * beyond the limit): null when it has not missed on it within the longest hold-back, or waited enough.
   */
  const holdBackOf = async ({ lastMiss }: CountedKey, over: number, subjectTtl: number) => {
    if (!lastMiss) return subjectTtl;
    const { holdBack } = lastMiss;
    const state = await run(lastMiss.counter, lastMiss.key, holdBack.longest, false);
    if (!state || state.ttl <= 0) return null;
    const sinceLastMiss = holdBack.longest - state.ttl;
    const wait = Math.min(holdBack.longest, holdBack.first * (holdBack.growth ?? 1) ** over);
    // The subject's window may end first: then it is no longer used up.
    return wait > sinceLastMiss ? Math.min(wait - sinceLastMiss, subjectTtl) : null;
  };

  /** Refuses when any counter is over: with the longest wait of those that are. */
  const refuseIfOver = (request: FastifyRequest, waits: (number | null)[]) => {
    const over = waits.filter((wait): wait is number => wait !== null);
    if (over.length) throw new TooManyAttempts(request.locale, secondsOf(Math.max(...over)));
  };

  const read = (request: FastifyRequest, subjects?: AttemptSubjects<Scope>) => {
    const keys = keysOf(request, subjects);
    return Promise.all(keys.map(async (key) => ({ key, count: await countOf(key, false) })));
  };

  const count = async (request: FastifyRequest, subjects?: AttemptSubjects<Scope>) => {
    const counts = await Promise.all(
      keysOf(request, subjects).map(async (key) => {
        const { lastMiss } = key;
        const [count] = await Promise.all([
          countOf(key, true),
          lastMiss && run(lastMiss.counter, lastMiss.key, lastMiss.holdBack.longest, true),
        ]);
        return { key, count };
      }),
    );
    for (const { key, count } of counts) {
      // The attempt that uses up the last one: one line per limit reached, not one per refusal.
      if (count?.current === key.max) {
        request.log.warn({ rateLimit: options.name, scope: key.scope }, 'rate limit reached');
      }
    }
    return counts;
  };

  const exceeded = (counts: { key: CountedKey; count: Count | null }[]) =>
    counts.map(({ key, count }) => (count && count.current > key.max ? count.ttl : null));

  return {
    async check(request, subjects) {
      // Used up is having reached max: the next counted attempt would be one too many.
      const counts = await read(request, subjects);
      const waits = await Promise.all(
        counts.map(({ key, count }) =>
          count && count.current >= key.max && count.ttl > 0
            ? holdBackOf(key, count.current - key.max, count.ttl)
            : null,
        ),
      );
      refuseIfOver(request, waits);
    },
    async countMiss(request, subjects) {
      await count(request, subjects);
    },
    async attempt(request, subjects, { guess } = {}) {
      // A client or subject already refused adds nothing: no counts, no remembered guesses.
      const before = await read(request, subjects);
      refuseIfOver(request, exceeded(before));
      if (guess !== undefined) {
        // A guess this client made before in the window was counted then (and allowed, or it would be
        // over now): it goes through again.
        const guessKey = `${options.name}:guess:${clientOf(request)}:${fingerprint(guess)}`;
        const first = await run(seen, guessKey, options.perClient.timeWindow, true);
        if (first && storeMax - first.remaining > 1) return;
      }
      refuseIfOver(request, exceeded(await count(request, subjects)));
    },
  };
}

/**
 * The keys a limiter counted in this process, each with the time until which its counter may be above
 * zero (its last count plus the window: the store's fixed window ends sooner or then). Past a bound of
 * keys whose windows are all still open it gives up and says every key may hold a count, so that the
 * store is read again: forgetting a counted key would let its refused guesser through.
 */
export function countedKeys(bound = 50_000) {
  let until: Map<string, number> | null = new Map();
  return {
    /** Whether `key`'s counter may be above zero; an increment is noted first. */
    mayHold(key: string, increment: boolean, window: number): boolean {
      if (!until) return true;
      const now = Date.now();
      if (increment) {
        if (until.size >= bound && !until.has(key)) {
          for (const [known, end] of until) if (end <= now) until.delete(known);
          if (until.size >= bound) {
            until = null;
            return true;
          }
        }
        until.set(key, now + window);
        return true;
      }
      return (until.get(key) ?? 0) > now;
    },
  };
}

/**
 * The client's counter key; IPv6 by its /64. Remembered per address: telling IPv6 from IPv4 runs node's
 * long IPv6 pattern, on every order call through the key guard. Cleared when it grows past a bound,
 * so a flood of addresses costs memory only up to that.
 */
const clientKeys = new Map<string, string>();
const clientOf = (request: FastifyRequest) => {
  let key = clientKeys.get(request.ip);
  if (key === undefined) {
    if (clientKeys.size >= 10_000) clientKeys.clear();
    key = normalizeIP(request.ip);
    clientKeys.set(request.ip, key);
  }
  return key;
};

/** Guesses are secrets (gift-card codes): the store keeps a short hash, and codes compare case-blind. */
const fingerprint = (guess: string) =>
  createHash('sha256').update(guess.trim().toUpperCase()).digest('base64url').slice(0, 16);

function throttledLog(log: FastifyBaseLogger, message: string): (error: unknown) => void {
  let last = 0;
  return (error) => {
    const now = Date.now();
    if (now - last < failureLogIntervalMs) return;
    last = now;
    log.warn({ err: error }, message);
  };
}

/**
 * The shared counters' Redis client. A request never waits for Redis: while it is unreachable commands
 * fail at once (no offline queue) and a slow one after 250 ms; the limits then let requests through.
 * The client reconnects by itself; it is closed with the app.
 */
function openRedis(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, {
    // Named, so that an operator sees whose connections these are (CLIENT LIST).
    connectionName: redisConnectionName,
    enableOfflineQueue: false,
    commandTimeout: redisCommandTimeoutMs,
    connectTimeout: redisStartWaitMs,
  });
  const logFailure = throttledLog(app.log, 'rate limits: Redis unavailable, not limiting until it is back');
  redis.on('error', logFailure);
  const isReady = () => redis.status === 'ready';
  app.addHook('onReady', async () => {
    if (isReady()) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, redisStartWaitMs);
      function done() {
        clearTimeout(timer);
        redis.off('ready', done);
        resolve();
      }
      redis.once('ready', done);
    });
    if (!isReady()) {
      app.log.warn('rate limits: Redis not reachable at start, not limiting until it is');
    }
  });
  app.addHook('onClose', async () => {
    if (isReady()) await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  });
  return redis;
}
