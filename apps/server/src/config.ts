import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Every setting the server reads from the environment. README.md's configuration table mirrors this. */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(16),
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
  SEARCH_REFRESH_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  TRUST_PROXY: flag.default(false),
  STOREFRONT_DEV: flag.default(false),
  ASSET_URL: z.url().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  databaseSchema: string | undefined;
  dataDir: string;
  seedOnStart: boolean;
  defaultBrand: string;
  catalogueCacheTtlMs: number;
  /** How often each process checks whether its in-memory search index is stale (0 = never). */
  searchRefreshMs: number;
  trustProxy: boolean;
  /** Serve the storefront through Vite with hot reload (npm run dev) instead of its build. */
  storefrontDev: boolean;
  /** Where brand configs are fetched from (`${assetUrl}/brands/<short>/config.json`); unset = ./assets. */
  assetUrl: string | undefined;
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
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseSchema: e.DATABASE_SCHEMA,
    dataDir: path.resolve(e.DATA_DIR),
    seedOnStart: e.SEED_ON_START,
    defaultBrand: e.DEFAULT_BRAND,
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
    searchRefreshMs: e.SEARCH_REFRESH_MS,
    trustProxy: e.TRUST_PROXY,
    storefrontDev: e.STOREFRONT_DEV,
    assetUrl: e.ASSET_URL,
  };
}
