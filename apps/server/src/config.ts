import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MapTileSettings, openStreetMapTiles } from '@shop/contracts/map-tiles';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Every setting the server reads from the environment. README.md's configuration table mirrors this. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  WEB_CONCURRENCY: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(16),
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(5_000),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL identifier')
    .optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
  SEED_ON_START: flag.default(true),
  DEFAULT_BRAND: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('demo'),
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  CHANGE_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1_000),
  TRUST_PROXY: flag.default(false),
  // Unset: required in production only (issue 25).
  STAFF_OPERATOR_TOTP: flag.optional(),
  STOREFRONT_DEV: flag.default(false),
  STOREFRONT_BUILD_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/storefront/build')),
  ADMIN_BUILD_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/admin/dist')),
  ASSET_URL: z.url().optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .refine((url) => new URL(url).pathname === '/', 'must be an origin without a path (https://shop.example)')
    .optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  MEDIA_CACHE_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(1024),
  MAP_TILES_URL: z
    .union([
      z.literal('none'),
      z
        .url({ protocol: /^https$/ })
        .includes('{z}')
        .includes('{x}')
        .includes('{y}'),
    ])
    .default(openStreetMapTiles),
  MAP_TILES_PROXY: flag.default(true),
  // No default here: a deployment (DATABASE_URL, or production with PUBLIC_URL) must say which (loadConfig);
  // the local demo runs the sandbox.
  PAYMENTS_MODE: z.enum(['sandbox', 'live']).optional(),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  PAYMENT_CHECK_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  PAYPAL_API_URL: z.url().default('https://api-m.sandbox.paypal.com'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  AMAZONPAY_API_URL: z.url().default('https://pay-api.amazon.eu'),
  AMAZONPAY_PUBLIC_KEY_ID: z.string().optional(),
  AMAZONPAY_PRIVATE_KEY: z.string().optional(),
  AMAZONPAY_STORE_ID: z.string().optional(),
  AMAZONPAY_MERCHANT_ID: z.string().optional(),
  WIRE_TRANSFER_HOLD_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  WIRE_TRANSFER_REMINDER_DAYS: z.coerce.number().int().min(0).max(59).default(2),
  WIRE_TRANSFER_OPEN_LIMIT: z.coerce.number().int().min(0).max(1000).default(3),
  JOBS_IN_SERVER: flag.default(true),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The installation's sender: its address is the From of every brand that names none of its own. */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)\s*$/, 'an address, or a name and <address>')
    .default('Gutscheinshop <shop@localhost>'),
  WIRE_ACCOUNT_HOLDER: z.string().default('Ferienglück Touristik GmbH'),
  WIRE_IBAN: z.string().default('DE89 3704 0044 0532 0130 00'),
  WIRE_BIC: z.string().default('COBADEFFXXX'),
  WIRE_BANK: z.string().default('Demo Bank Köln'),
});

/** The credentials PAYMENTS_MODE=live requires. */
export const livePaymentVariables = [
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_WEBHOOK_ID',
  'AMAZONPAY_PUBLIC_KEY_ID',
  'AMAZONPAY_PRIVATE_KEY',
  'AMAZONPAY_STORE_ID',
  'AMAZONPAY_MERCHANT_ID',
] as const;

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Server processes sharing the port (node:cluster); more than one needs a PostgreSQL server. */
  processes: number;
  logLevel: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /**
   * How long a request waits for a database connection or a query's answer before it gives up and answers
   * 503 (a PostgreSQL server that is away: failover, restart); the start and the tools wait as long as
   * it takes.
   */
  databaseTimeoutMs: number;
  databaseSchema: string | undefined;
  dataDir: string;
  seedOnStart: boolean;
  defaultBrand: string;
  catalogueCacheTtlMs: number;
  /** How often each process checks whether its in-memory search index is stale (0 = never). */
  /** How often a process looks whether the catalogue or what the shop shows changed (0: never). */
  changePollMs: number;
  trustProxy: boolean;
  /** An operator must set up a second factor (TOTP) before anything else in the back office. */
  operatorsNeedTotp: boolean;
  /** Serve the storefront through Vite with hot reload (npm run dev) instead of its build. */
  storefrontDev: boolean;
  /** The storefront build served (holds `client/` and `server/index.js`); tests point it at a copy. */
  storefrontBuildDir: string;
  /** The back office's build served under /admin (holds `index.html` and `assets/`). */
  adminBuildDir: string;
  /** Where brand configs are fetched from (`${assetUrl}/brands/<short>/config.json`); unset = ./assets. */
  assetUrl: string | undefined;
  /**
   * The shop's public origin (https://shop.example). Absolute URLs (canonical links, sitemaps, payment
   * return addresses) are built from it and the brands' configured hosts, never from a request's Host.
   */
  publicUrl: string;
  /** Shared rate-limit counters for several processes; unset = each process counts in memory. */
  redisUrl: string | undefined;
  /** `/metrics` answers only with `Authorization: Bearer <token>`, or on its own port; neither = nowhere. */
  metrics: { token: string | undefined; port: number | undefined };
  /** How much disk the rendered catalogue pictures may take before the least recently used go. */
  mediaCacheMaxBytes: number;
  /** The hotel maps' tile server (a brand's `mapTileUrl` overrides it) and whether tiles come through us. */
  mapTiles: MapTileSettings;
  payments: PaymentsConfig;
  /** Background jobs: run by this process (default), or only enqueued here for `npm run worker`. */
  jobsInServer: boolean;
  /** SMTP when set; otherwise mails are written as .eml files to `<dataDir>/outbox`. */
  mail: { smtpUrl: string | undefined; from: string };
};

export type PaymentsConfig = {
  /** sandbox: the built-in provider simulator answers; live: PayPal and Amazon Pay are called. */
  mode: 'sandbox' | 'live';
  timeoutMs: number;
  /** How long a closed order waiting for PayPal / Amazon Pay keeps its stock. */
  holdMinutes: number;
  /**
   * How long a payment may wait before the reconciliation asks its provider where it stands (a capture a
   * crashed process never booked is found then); each open answer doubles the pause, up to an hour.
   */
  checkAfterSeconds: number;
  paypal: { apiUrl: string; clientId: string; clientSecret: string; webhookId: string };
  amazonPay: { apiUrl: string; publicKeyId: string; privateKey: string; storeId: string; merchantId: string };
  wireTransfer: {
    holdDays: number;
    /** Days before an unpaid transfer's hold ends when the buyer is reminded; 0 = no reminder. */
    reminderDays: number;
    /**
     * Open unpaid transfers one client (IP address, IPv6 /64) and one e-mail address may have; 0 = no
     * limits per client or address, only those per order and per variant (docs/decisions/020).
     */
    openLimit: number;
    accountHolder: string;
    iban: string;
    bic: string;
    bank: string;
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as most deploy tools cannot unset one.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const processes = e.WEB_CONCURRENCY === 'auto' ? os.availableParallelism() : e.WEB_CONCURRENCY;
  if (processes > 1 && !e.DATABASE_URL) {
    throw new ConfigError([
      'WEB_CONCURRENCY: more than one process needs DATABASE_URL (the embedded PGlite lives in one process)',
    ]);
  }
  if (processes > 1 && e.STOREFRONT_DEV) {
    throw new ConfigError(['WEB_CONCURRENCY: the development server (npm run dev) runs as one process']);
  }
  // Only the local demo (`npm start` on a fresh machine: embedded database, no public address) may
  // leave it out: a deployment that forgot it must not quietly take simulated payments (issue 23).
  const deployment = e.DATABASE_URL
    ? 'with DATABASE_URL'
    : e.NODE_ENV === 'production' && e.PUBLIC_URL
      ? 'in production with PUBLIC_URL'
      : null;
  if (deployment && !e.PAYMENTS_MODE) {
    throw new ConfigError([
      `PAYMENTS_MODE: required ${deployment}: \`live\` for real payments, or \`sandbox\` to let ` +
        'every buyer approve their own payment on the built-in simulator (demos and staging only)',
    ]);
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(['METRICS_PORT: must differ from PORT (it keeps /metrics off the public port)']);
  }
  if (e.PAYMENTS_MODE === 'live') {
    const missing = livePaymentVariables.filter((name) => !e[name]);
    if (missing.length)
      throw new ConfigError(missing.map((name) => `${name}: required when PAYMENTS_MODE=live`));
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    processes,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    databaseSchema: e.DATABASE_SCHEMA,
    dataDir: path.resolve(e.DATA_DIR),
    seedOnStart: e.SEED_ON_START,
    defaultBrand: e.DEFAULT_BRAND,
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
    changePollMs: e.CHANGE_POLL_MS,
    trustProxy: e.TRUST_PROXY,
    operatorsNeedTotp: e.STAFF_OPERATOR_TOTP ?? e.NODE_ENV === 'production',
    storefrontDev: e.STOREFRONT_DEV,
    storefrontBuildDir: path.resolve(e.STOREFRONT_BUILD_DIR),
    adminBuildDir: path.resolve(e.ADMIN_BUILD_DIR),
    assetUrl: e.ASSET_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    redisUrl: e.REDIS_URL,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    mediaCacheMaxBytes: e.MEDIA_CACHE_MAX_MB * 1024 * 1024,
    mapTiles: { url: e.MAP_TILES_URL === 'none' ? null : e.MAP_TILES_URL, isProxied: e.MAP_TILES_PROXY },
    jobsInServer: e.JOBS_IN_SERVER,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    payments: {
      mode: e.PAYMENTS_MODE ?? 'sandbox',
      timeoutMs: e.PAYMENT_TIMEOUT_MS,
      holdMinutes: e.PAYMENT_HOLD_MINUTES,
      checkAfterSeconds: e.PAYMENT_CHECK_AFTER_SECONDS,
      paypal: {
        apiUrl: e.PAYPAL_API_URL,
        clientId: e.PAYPAL_CLIENT_ID ?? '',
        clientSecret: e.PAYPAL_CLIENT_SECRET ?? '',
        webhookId: e.PAYPAL_WEBHOOK_ID ?? '',
      },
      amazonPay: {
        apiUrl: e.AMAZONPAY_API_URL,
        publicKeyId: e.AMAZONPAY_PUBLIC_KEY_ID ?? '',
        // A PEM in one line of an env file carries literal "\n".
        privateKey: (e.AMAZONPAY_PRIVATE_KEY ?? '').replaceAll('\\n', '\n'),
        storeId: e.AMAZONPAY_STORE_ID ?? '',
        merchantId: e.AMAZONPAY_MERCHANT_ID ?? '',
      },
      wireTransfer: {
        holdDays: e.WIRE_TRANSFER_HOLD_DAYS,
        reminderDays: e.WIRE_TRANSFER_REMINDER_DAYS,
        openLimit: e.WIRE_TRANSFER_OPEN_LIMIT,
        accountHolder: e.WIRE_ACCOUNT_HOLDER,
        iban: e.WIRE_IBAN,
        bic: e.WIRE_BIC,
        bank: e.WIRE_BANK,
      },
    },
  };
}
