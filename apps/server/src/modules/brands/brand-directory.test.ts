import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#src/db/client.ts';
import { seedDemoCatalogue } from '#src/seed/demo-catalogue.ts';
import { createTestDatabase } from '#src/test/database.ts';
import { brandsWithoutOrigin, createBrandDirectory } from './brand-directory.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoCatalogue(database.db, { offers: 30 });
});
afterAll(() => database.close());

it('reads the brands once per TTL, not on every request', async () => {
  const brands = createBrandDirectory(database.db, {
    defaultShort: 'demo',
    ttlMs: 60_000,
    publicUrl: 'http://localhost:3000',
  });
  expect((await brands.resolve('autoclub.localhost')).short).toBe('autoclub');
  await database.db.execute(sql`UPDATE brands SET name = 'Renamed' WHERE short = 'autoclub'`);
  expect((await brands.resolve('autoclub.localhost')).name).not.toBe('Renamed');
  brands.refresh();
  expect((await brands.resolve('autoclub.localhost')).name).toBe('Renamed');
});

it('answers without waiting once the brands are loaded, and waits again after a refresh', async () => {
  const brands = createBrandDirectory(database.db, {
    defaultShort: 'demo',
    ttlMs: 60_000,
    publicUrl: 'http://localhost:3000',
  });
  expect(brands.resolveLoaded('autoclub.localhost')).toBeUndefined();
  const resolved = await brands.resolve('autoclub.localhost');
  expect(brands.resolveLoaded('autoclub.localhost')).toEqual(resolved);
  expect(brands.resolveLoaded('unknown.localhost')?.short).toBe('demo');
  brands.refresh();
  expect(brands.resolveLoaded('autoclub.localhost')).toBeUndefined();
});

it("gives each brand the address of its own domain, else of PUBLIC_URL, whatever the request's host", async () => {
  const brands = createBrandDirectory(database.db, {
    defaultShort: 'demo',
    ttlMs: 0,
    publicUrl: 'https://shop.example',
  });
  await database.db.execute(
    sql`UPDATE brands SET hosts = '{reisen.autoclub.example}' WHERE short = 'autoclub'`,
  );
  try {
    expect((await brands.resolve('reisen.autoclub.example')).origin).toBe('https://reisen.autoclub.example');
    expect((await brands.resolve('autoclub.shop.example')).origin).toBe('https://reisen.autoclub.example');
    expect((await brands.resolve('familyclub.shop.example')).origin).toBe('https://familyclub.shop.example');
    expect((await brands.resolve('evil.example')).origin).toBe('https://shop.example');
  } finally {
    await database.db.execute(sql`UPDATE brands SET hosts = '{}' WHERE short = 'autoclub'`);
  }
});

describe('a PUBLIC_URL that is an IP address (no subdomains)', () => {
  it('puts the brands of a loopback address on <short>.localhost, IPv4 and IPv6', async () => {
    for (const [publicUrl, autoclub] of [
      ['http://127.0.0.1:4101', 'http://autoclub.localhost:4101'],
      ['http://[::1]:4101', 'http://autoclub.localhost:4101'],
    ] as const) {
      const brands = createBrandDirectory(database.db, { defaultShort: 'demo', ttlMs: 0, publicUrl });
      expect((await brands.resolve('autoclub.localhost:4101')).origin).toBe(autoclub);
      expect((await brands.resolve('demo.localhost:4101')).origin).toBe(publicUrl);
      expect(await brandsWithoutOrigin(database.db, { defaultShort: 'demo', publicUrl })).toEqual([]);
    }
  });

  it('names the brands another IP address leaves without an address, and gives them valid URLs meanwhile', async () => {
    const options = { defaultShort: 'demo', publicUrl: 'http://192.0.2.10:3000' };
    const homeless = await brandsWithoutOrigin(database.db, options);
    expect(homeless).toEqual(['autoclub', 'familyclub', 'sparbuch', 'viaggi', 'dealjaeger']);
    const brands = createBrandDirectory(database.db, { ...options, ttlMs: 0 });
    expect((await brands.resolve('autoclub.192.0.2.10')).origin).toBe('http://192.0.2.10:3000');
    // Hosts of their own give them an address again; a host no URL can be built from does not.
    await database.db.execute(
      sql`UPDATE brands SET hosts = ARRAY[short || '.partner.example'] WHERE short <> 'demo'`,
    );
    try {
      expect(await brandsWithoutOrigin(database.db, options)).toEqual([]);
      await database.db.execute(sql`UPDATE brands SET hosts = '{reisen.9}' WHERE short = 'viaggi'`);
      expect(await brandsWithoutOrigin(database.db, options)).toEqual(['viaggi']);
    } finally {
      await database.db.execute(sql`UPDATE brands SET hosts = '{}'`);
    }
  });
});
