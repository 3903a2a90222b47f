import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on defaults: embedded database, port 3000, demo brand', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      defaultBrand: 'demo',
      seedOnStart: true,
    });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('asks providers about open payments after five minutes unless told otherwise, at least after a second', () => {
    expect(loadConfig({}).payments.checkAfterSeconds).toBe(300);
    expect(loadConfig({ PAYMENT_CHECK_AFTER_SECONDS: '1' }).payments.checkAfterSeconds).toBe(1);
    expect(() => loadConfig({ PAYMENT_CHECK_AFTER_SECONDS: '0' })).toThrow(/PAYMENT_CHECK_AFTER_SECONDS/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_ON_START: 'maybe' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SEED_ON_START');
    }
  });

  it('runs several server processes only on a PostgreSQL server', () => {
    const postgres = { DATABASE_URL: 'postgres://shop@db:5432/shop', PAYMENTS_MODE: 'sandbox' };
    expect(loadConfig({}).processes).toBe(1);
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '3' }).processes).toBe(3);
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: 'auto' }).processes).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY: .*DATABASE_URL/);
    expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: 'many' })).toThrow(ConfigError);
  });

  it('runs the payment simulator by default only on the embedded database', () => {
    expect(loadConfig({}).payments.mode).toBe('sandbox');
    // A deployment on a database server must say which: a forgotten variable must not mean fake payments.
    expect(() => loadConfig({ DATABASE_URL: 'postgres://shop@db:5432/shop' })).toThrow(
      /PAYMENTS_MODE: required with DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://shop@db:5432/shop', PAYMENTS_MODE: '' })).toThrow(
      /PAYMENTS_MODE/,
    );
    const sandbox = loadConfig({ DATABASE_URL: 'postgres://shop@db:5432/shop', PAYMENTS_MODE: 'sandbox' });
    expect(sandbox.payments.mode).toBe('sandbox');
  });

  it('asks a production shop with a public address on the embedded database for its payments mode too', () => {
    const deployed = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' };
    expect(() => loadConfig(deployed)).toThrow(/PAYMENTS_MODE: required in production with PUBLIC_URL/);
    expect(loadConfig({ ...deployed, PAYMENTS_MODE: 'sandbox' }).payments.mode).toBe('sandbox');
    // The local demo (`npm start` defaults NODE_ENV=production): no database server, no public address.
    expect(loadConfig({ NODE_ENV: 'production' }).payments.mode).toBe('sandbox');
    // Development and tests on a PUBLIC_URL of their own keep the simulator.
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4101' }).payments.mode).toBe('sandbox');
  });

  it('builds absolute URLs from PUBLIC_URL, by default the local address', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example/shop' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://shop.example' })).toThrow(/PUBLIC_URL/);
  });

  it('keeps metrics off the public port unless told otherwise', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ/);
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics.port).toBe(9464);
  });
});
