import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { adminCsrfHeader } from '@shop/contracts/admin';
import { type BrandConfig, parseBrandConfig } from '@shop/contracts/brand-config';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '#src/config.ts';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type StaffClient, signInStaff } from '#src/test/staff.ts';

/**
 * Brand configurations edited in the back office (issue 26): an invalid field is refused with the field
 * named and nothing stored, a valid save is what the shop serves at once, a restore brings back exactly
 * the earlier configuration, and a brand manager reaches only their brands.
 */
let shop: TestApp;
let operator: StaffClient;
let manager: StaffClient;
let shipped: BrandConfig;

beforeAll(async () => {
  shop = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  [operator, manager] = await Promise.all([
    signInStaff(shop.app, 'operator@example.org', { locale: 'de' }),
    signInStaff(shop.app, 'manager.autoclub@example.org', { locale: 'en' }),
  ]);
  const file = path.join(repoRoot, 'assets/brands/demo/config.json');
  shipped = parseBrandConfig('demo', JSON.parse(await readFile(file, 'utf8')));
});
afterAll(() => shop.close());

const put = (client: StaffClient, short: string, payload: object, locale = 'de') =>
  shop.app.inject({
    method: 'PUT',
    url: `/api/admin/brands/${short}/config`,
    headers: { cookie: client.cookie, [adminCsrfHeader]: client.csrfToken, 'accept-language': locale },
    payload: payload as Record<string, unknown>,
  });

const versionRows = (short: string) =>
  queryRows<{ version: number }>(
    shop.database.db,
    sql`SELECT version FROM brand_config_versions v JOIN brands b ON b.id = v.brand_id WHERE b.short = ${short}`,
  );

/** What the shop serves: the config at the asset host's address and a page that shows the support phone. */
const served = async () => {
  const config = await shop.app.inject({ method: 'GET', url: '/assets/brands/demo/config.json' });
  expect(config.statusCode).toBe(200);
  const page = await shop.app.inject({
    method: 'GET',
    url: '/api/content/accessibility',
    headers: { 'accept-language': 'de' },
  });
  expect(page.statusCode, page.body).toBe(200);
  return { config: config.json() as BrandConfig, page: page.json().body as string };
};

describe('a brand’s configuration in the back office', () => {
  it('answers the file’s configuration as version 0 while nothing was saved', async () => {
    const answer = await operator.get('/api/admin/brands/demo/config');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ version: 0, savedAt: null, staffEmail: null, config: shipped });
    const versions = (await operator.get('/api/admin/brands/demo/config/versions')).json().versions;
    expect(versions).toEqual([
      { version: 0, at: null, staffEmail: null, note: null, restoredFrom: null, changed: [] },
    ]);
  });

  it('refuses an invalid field with the field named in the member’s language, and stores nothing', async () => {
    const answer = await put(operator, 'demo', {
      config: { ...shipped, supportMail: 'keine-adresse', colors: { ...shipped.colors, primary: 'blau' } },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    const problem = answer.json();
    expect(problem.type).toContain('validation-error');
    expect(problem.errors.map((error: { field: string }) => error.field).sort()).toEqual([
      'config.colors.primary',
      'config.supportMail',
    ]);
    // German, as the member asked: zod's own wording in their language.
    expect(problem.errors[0].message).toMatch(/Ungültig/);
    // A cross-field rule of the schema is checked too.
    const mixed = await put(operator, 'demo', {
      config: { ...shipped, analyticsId: 'G-ABC', analyticsType: null },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors.map((error: { field: string }) => error.field)).toEqual([
      'config.analyticsType',
    ]);
    // Another brand's short name inside the config.
    const renamed = await put(operator, 'demo', { config: { ...shipped, short: 'autoclub' } });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors[0].field).toBe('config.short');
    expect(await versionRows('demo')).toEqual([]);
    expect((await served()).config.supportPhone).toBe(shipped.supportPhone);
  });

  it('serves a valid change at once (no restart), and lists who changed which fields', async () => {
    const before = await served();
    expect(before.page).toContain(shipped.supportPhone);
    const changed = {
      ...shipped,
      supportPhone: '+49 30 555 0199',
      hero: { ...shipped.hero, de: { title: 'Neuer Titel', subtitle: shipped.hero.de?.subtitle ?? 'x' } },
    };
    const answer = await put(operator, 'demo', { config: changed, expectedVersion: 0, note: 'Neue Hotline' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ version: 1, staffEmail: 'operator@example.org', config: changed });

    const after = await served();
    expect(after.config.supportPhone).toBe('+49 30 555 0199');
    expect(after.config.hero.de?.title).toBe('Neuer Titel');
    expect(after.page).toContain('+49 30 555 0199');
    expect(after.page).not.toContain(shipped.supportPhone);

    const versions = (await operator.get('/api/admin/brands/demo/config/versions')).json().versions;
    expect(versions).toMatchObject([
      {
        version: 1,
        staffEmail: 'operator@example.org',
        note: 'Neue Hotline',
        restoredFrom: null,
        changed: ['hero.de.title', 'supportPhone'],
      },
      { version: 0, staffEmail: null, changed: [] },
    ]);
    const [audit] = await queryRows<{
      action: string;
      before: { config: BrandConfig };
      after: { config: BrandConfig };
    }>(
      shop.database.db,
      sql`SELECT action, before, after FROM audit_events WHERE subject = 'brand:demo' ORDER BY id`,
    );
    expect(audit?.action).toBe('brand.config-saved');
    expect(audit?.before.config.supportPhone).toBe(shipped.supportPhone);
    expect(audit?.after.config.supportPhone).toBe('+49 30 555 0199');
  });

  it('refuses a save from a form loaded before another save (409), saving nothing', async () => {
    const answer = await put(operator, 'demo', { config: shipped, expectedVersion: 0 }, 'en');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().type).toContain('edit-conflict');
    expect(answer.json().title).toMatch(/newer version/);
    expect((await versionRows('demo')).length).toBe(2);
  });

  it('restores an earlier version exactly, as a new version, in the audit trail', async () => {
    const third = { ...shipped, storeName: 'Zwischenstand', landingPages: shipped.landingPages.slice(1) };
    expect((await put(operator, 'demo', { config: third })).statusCode).toBe(200);
    const restored = await operator.post('/api/admin/brands/demo/config/versions/0/restore', {
      note: 'zurück zur Datei',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().version).toBe(3);
    expect(restored.json().config).toEqual(shipped);
    expect((await served()).config).toEqual(shipped);

    const [v1] = await queryRows<{ config: BrandConfig }>(
      shop.database.db,
      sql`SELECT config FROM brand_config_versions v JOIN brands b ON b.id = v.brand_id
          WHERE b.short = 'demo' AND version = 1`,
    );
    const again = await operator.post('/api/admin/brands/demo/config/versions/1/restore', {});
    expect(again.json()).toMatchObject({ version: 4, config: v1?.config });
    expect((await served()).config).toEqual(v1?.config);

    const versions = (await operator.get('/api/admin/brands/demo/config/versions')).json().versions;
    expect(versions[0]).toMatchObject({ version: 4, restoredFrom: 1 });
    expect(versions[1]).toMatchObject({ version: 3, restoredFrom: 0, note: 'zurück zur Datei' });
    const trail = await queryRows<{ action: string }>(
      shop.database.db,
      sql`SELECT action FROM audit_events WHERE subject = 'brand:demo' ORDER BY id`,
    );
    expect(trail.map((entry) => entry.action)).toEqual([
      'brand.config-saved',
      'brand.config-saved',
      'brand.config-restored',
      'brand.config-restored',
    ]);
    expect((await operator.post('/api/admin/brands/demo/config/versions/99/restore', {})).statusCode).toBe(
      404,
    );
  });

  it('lets a brand manager configure their brands only; another brand is a 404', async () => {
    expect((await manager.get('/api/admin/brands/demo/config')).statusCode).toBe(404);
    expect((await manager.get('/api/admin/brands/demo/config/versions')).statusCode).toBe(404);
    expect((await put(manager, 'demo', { config: shipped })).statusCode).toBe(404);
    expect((await manager.post('/api/admin/brands/demo/config/versions/0/restore', {})).statusCode).toBe(404);
    expect((await versionRows('demo')).length).toBe(5);

    const own = (await manager.get('/api/admin/brands/autoclub/config')).json();
    expect(own.version).toBe(0);
    const saved = await put(manager, 'autoclub', {
      config: { ...own.config, supportPhone: '+49 89 1234' },
      expectedVersion: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await shop.app.inject({
      method: 'GET',
      url: '/assets/brands/autoclub/config.json',
    });
    expect(page.json().supportPhone).toBe('+49 89 1234');
    expect((await manager.get('/api/admin/brands/autoclub/config')).json().version).toBe(1);
  });
});
