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
    const postgres = 'postgres://shop@db:5432/shop';
    expect(loadConfig({}).processes).toBe(1);
    expect(loadConfig({ DATABASE_URL: postgres, WEB_CONCURRENCY: '3' }).processes).toBe(3);
    expect(loadConfig({ DATABASE_URL: postgres, WEB_CONCURRENCY: 'auto' }).processes).toBeGreaterThanOrEqual(
      1,
    );
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY: .*DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: postgres, WEB_CONCURRENCY: 'many' })).toThrow(ConfigError);
  });
});
