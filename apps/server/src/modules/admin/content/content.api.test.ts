import { adminCsrfHeader } from '@shop/contracts/admin';
import { contentBodyMaxLength } from '@shop/contracts/admin-content';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type StaffClient, signInStaff } from '#src/test/staff.ts';

/**
 * Content pages and extension points in the back office (issue 26), seen through the shop's own
 * content API: a change is there within seconds (the catalogue cache here keeps answers a minute, so
 * only the change's announcement can make it show), a refused one changes nothing.
 */
let shop: TestApp;
let operator: StaffClient;
let manager: StaffClient;
let support: StaffClient;

beforeAll(async () => {
  shop = await createTestApp({ cacheTtlMs: 60_000, env: { TRUST_PROXY: 'true', CHANGE_POLL_MS: '200' } });
  [operator, manager, support] = await Promise.all([
    signInStaff(shop.app, 'operator@example.org', { locale: 'en' }),
    signInStaff(shop.app, 'manager.autoclub@example.org', { locale: 'en' }),
    signInStaff(shop.app, 'support@example.org', { locale: 'en' }),
  ]);
});
afterAll(() => shop.close());

const send = (client: StaffClient, method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  shop.app.inject({
    method,
    url,
    headers: { cookie: client.cookie, [adminCsrfHeader]: client.csrfToken, 'accept-language': 'en' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

const onAutoclub = { host: 'autoclub.localhost', 'accept-language': 'de' };
const shopGet = (url: string, headers: Record<string, string> = onAutoclub) =>
  shop.app.inject({ method: 'GET', url, headers });

/** Asks the shop until `check` holds: a change must show within 5 s on every process. */
async function eventually(check: () => Promise<void>, withinMs = 5_000): Promise<void> {
  const until = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const pageCount = async () =>
  Number(
    (
      await queryRows<{ count: number }>(
        shop.database.db,
        sql`SELECT count(*)::int AS count FROM content_pages`,
      )
    )[0]?.count,
  );
const auditOf = (subject: string) =>
  queryRows<{ action: string; before: unknown; after: unknown; staff_email: string }>(
    shop.database.db,
    sql`SELECT action, before, after, staff_email FROM audit_events WHERE subject = ${subject} ORDER BY id`,
  );

const newPage = {
  brand: 'autoclub',
  locale: 'de',
  slug: 'clubreisen',
  name: 'club-travel',
  title: 'Clubreisen',
  body: '## Für Mitglieder\n\nFragen an {{company}}: {{email}}',
};

describe('content pages in the back office', () => {
  let pageId: number;

  it('creates a brand’s page that the shop serves at its address, with the brand’s data filled in', async () => {
    // Asked once before, so that a cached "not found" must be dropped by the change's announcement.
    expect((await shopGet('/api/content/clubreisen')).statusCode).toBe(404);
    const created = await send(manager, 'POST', '/api/admin/content/pages', newPage);
    expect(created.statusCode, created.body).toBe(201);
    pageId = created.json().id;
    expect(created.json()).toMatchObject({ brand: 'autoclub', slug: 'clubreisen', title: 'Clubreisen' });
    await eventually(async () => {
      const page = await shopGet('/api/content/clubreisen');
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({
        title: 'Clubreisen',
        body: '## Für Mitglieder\n\nFragen an Autoclub Reise-Service GmbH: reisen@autoclub-reisewelt.example',
      });
    });
    // Another brand does not show it.
    expect((await shopGet('/api/content/clubreisen', { 'accept-language': 'de' })).statusCode).toBe(404);
    const [entry] = await auditOf(`content-page:${pageId}`);
    expect(entry).toMatchObject({
      action: 'content.page-create',
      staff_email: 'manager.autoclub@example.org',
      after: { slug: 'clubreisen', brand: 'autoclub' },
    });
  });

  it('lists the brand’s pages with the default pages it shows', async () => {
    const answer = await manager.get('/api/admin/content/pages?brand=autoclub&locale=de');
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json();
    expect(list.pages.map((page: { slug: string }) => page.slug)).toEqual(['clubreisen']);
    expect(list.inherited.map((page: { slug: string }) => page.slug)).toContain('impressum');
    const page = await manager.get(`/api/admin/content/pages/${pageId}`);
    expect(page.json()).toMatchObject({ id: pageId, body: newPage.body, locale: 'de' });
  });

  it('updates a page; the shop shows the new text, the audit trail before and after', async () => {
    const answer = await send(manager, 'PUT', `/api/admin/content/pages/${pageId}`, {
      slug: 'clubreisen',
      name: 'club-travel',
      title: 'Reisen für Mitglieder',
      body: 'Neu: **Herbstreisen**',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await eventually(async () => {
      const page = (await shopGet('/api/content/clubreisen')).json();
      expect(page).toMatchObject({ title: 'Reisen für Mitglieder', body: 'Neu: **Herbstreisen**' });
    });
    const [, update] = await auditOf(`content-page:${pageId}`);
    expect(update).toMatchObject({
      action: 'content.page-update',
      before: { title: 'Clubreisen', body: newPage.body },
      after: { title: 'Reisen für Mitglieder', body: 'Neu: **Herbstreisen**' },
    });
  });

  it('refuses a bad address, a taken one and a text too long, with nothing changed', async () => {
    const count = await pageCount();
    const before = (await manager.get(`/api/admin/content/pages/${pageId}`)).json();
    const badSlug = await send(operator, 'POST', '/api/admin/content/pages', {
      ...newPage,
      slug: 'Club Reisen!',
    });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().errors).toEqual([expect.objectContaining({ field: 'slug' })]);
    // The address is taken case-insensitively, also by a change of another page.
    const taken = await send(operator, 'POST', '/api/admin/content/pages', {
      ...newPage,
      slug: 'clubreisen',
      name: 'other',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.headers['content-type']).toContain('application/problem+json');
    expect(taken.json()).toMatchObject({ type: expect.stringContaining('slug-taken') });
    // An address the shop answers itself would never show the page.
    const shopOwned = await send(operator, 'POST', '/api/admin/content/pages', {
      ...newPage,
      slug: 'checkout',
    });
    expect(shopOwned.statusCode).toBe(409);
    expect(shopOwned.json().detail).toMatch(/belongs to the shop/);
    const second = await send(operator, 'POST', '/api/admin/content/pages', {
      ...newPage,
      slug: 'zweite',
      name: 'second',
    });
    expect(second.statusCode).toBe(201);
    const renamed = await send(operator, 'PUT', `/api/admin/content/pages/${second.json().id}`, {
      slug: 'clubreisen',
      name: 'second',
      title: 'x',
      body: 'x',
    });
    expect(renamed.statusCode).toBe(409);
    await send(operator, 'DELETE', `/api/admin/content/pages/${second.json().id}`);
    const tooLong = await send(manager, 'PUT', `/api/admin/content/pages/${pageId}`, {
      ...before,
      body: 'x'.repeat(contentBodyMaxLength + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([expect.objectContaining({ field: 'body' })]);
    const tooBig = await send(manager, 'PUT', `/api/admin/content/pages/${pageId}`, {
      ...before,
      body: 'x'.repeat(7 * contentBodyMaxLength),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.headers['content-type']).toContain('application/problem+json');
    expect(await pageCount()).toBe(count);
    expect((await manager.get(`/api/admin/content/pages/${pageId}`)).json()).toEqual(before);
  });

  it('keeps managers to their brands’ own pages, and support out', async () => {
    const count = await pageCount();
    const [sparbuchImprint] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT p.id FROM content_pages p JOIN brands b ON b.id = p.brand_id WHERE b.short = 'sparbuch'`,
    );
    const [defaultPage] = await queryRows<{ id: number }>(
      shop.database.db,
      sql`SELECT id FROM content_pages WHERE brand_id IS NULL AND slug = 'impressum' AND locale = 'de'`,
    );
    const change = { slug: 'impressum', name: 'imprint', title: 'Gekapert', body: 'Gekapert' };
    expect(
      (await send(manager, 'PUT', `/api/admin/content/pages/${sparbuchImprint?.id}`, change)).statusCode,
    ).toBe(404);
    expect(
      (await send(manager, 'DELETE', `/api/admin/content/pages/${sparbuchImprint?.id}`)).statusCode,
    ).toBe(404);
    expect((await manager.get(`/api/admin/content/pages/${sparbuchImprint?.id}`)).statusCode).toBe(404);
    expect(
      (await send(manager, 'PUT', `/api/admin/content/pages/${defaultPage?.id}`, change)).statusCode,
    ).toBe(403);
    expect(
      (
        await send(manager, 'POST', '/api/admin/content/pages', {
          ...newPage,
          brand: 'sparbuch',
          slug: 'neu',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await send(manager, 'POST', '/api/admin/content/pages', { ...newPage, brand: null, slug: 'neu' }))
        .statusCode,
    ).toBe(403);
    expect((await manager.get('/api/admin/content/pages?locale=de')).statusCode).toBe(403);
    expect((await support.get('/api/admin/content/pages?brand=autoclub')).statusCode).toBe(403);
    expect(await pageCount()).toBe(count);
    const [imprint] = await queryRows<{ title: string }>(
      shop.database.db,
      sql`SELECT title FROM content_pages WHERE id = ${sparbuchImprint?.id}`,
    );
    expect(imprint?.title).toBe('Impressum');
  });

  it('lets the operator change a default page that every brand shows', async () => {
    const [page] = await queryRows<{ id: number; body: string }>(
      shop.database.db,
      sql`SELECT id, body FROM content_pages WHERE brand_id IS NULL AND slug = 'accessibility' AND locale = 'en'`,
    );
    const answer = await send(operator, 'PUT', `/api/admin/content/pages/${page?.id}`, {
      slug: 'accessibility',
      name: 'accessibility',
      title: 'Accessibility statement',
      body: `${page?.body}\n\nUpdated by the operator.`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await eventually(async () => {
      for (const host of ['autoclub.localhost', 'localhost']) {
        const shown = (await shopGet('/api/content/accessibility', { host, 'accept-language': 'en' })).json();
        expect(shown.body, host).toContain('Updated by the operator.');
      }
    });
  });

  it('deletes a brand’s page: its address is gone from the shop', async () => {
    const answer = await send(manager, 'DELETE', `/api/admin/content/pages/${pageId}`);
    expect(answer.statusCode).toBe(204);
    await eventually(async () => expect((await shopGet('/api/content/clubreisen')).statusCode).toBe(404));
    expect((await auditOf(`content-page:${pageId}`)).at(-1)).toMatchObject({
      action: 'content.page-delete',
      before: { slug: 'clubreisen' },
      after: null,
    });
  });
});

describe('the preview', () => {
  it('is the shop’s rendering: no markup of the author’s, the brand’s data filled in', async () => {
    const answer = await manager.post('/api/admin/content/preview', {
      brand: 'autoclub',
      locale: 'de',
      title: 'Kontakt',
      body: '## Schreiben Sie uns\n\n<script>alert("x")</script> an {{email}}, [hier](javascript:alert(1)) **{{company}}**',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { html, brand, colors } = answer.json();
    expect(brand).toBe('autoclub');
    expect(html).not.toMatch(/<script|javascript:|\{\{/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<article class="container page narrow content-page" lang="de"><h1>Kontakt</h1>');
    expect(html).toContain('<h2>Schreiben Sie uns</h2>');
    expect(html).toContain('reisen@autoclub-reisewelt.example');
    expect(html).toContain('<strong>Autoclub Reise-Service GmbH</strong>');
    expect(colors.primary).toMatch(/^#/);
  });

  it('opens the imprint with the company block, as the shop does', async () => {
    const answer = await operator.post('/api/admin/content/preview', {
      brand: 'sparbuch',
      locale: 'de',
      name: 'imprint',
      title: 'Impressum',
      body: 'Text',
    });
    expect(answer.json().html).toContain('Sparbuch Vorteilswelt AG');
  });

  it('is only for the member’s brands', async () => {
    const answer = await manager.post('/api/admin/content/preview', {
      brand: 'sparbuch',
      locale: 'de',
      body: 'x',
    });
    expect(answer.statusCode).toBe(404);
    const own = await manager.post('/api/admin/content/preview', { locale: 'de', body: '{{company}}' });
    expect(own.json()).toMatchObject({ brand: 'autoclub' });
  });
});

describe('the footer menu and home lists', () => {
  const footerOf = async (headers: Record<string, string>) =>
    (await shopGet('/api/content', headers)).json().extensionPoints.footerMenu as string[];

  it('saves a brand’s footer menu, which the shop’s menu answer shows; null brings the default back', async () => {
    const current = await manager.get('/api/admin/content/extension-points?brand=autoclub&locale=de');
    expect(current.statusCode, current.body).toBe(200);
    const points = current.json();
    expect(points).toMatchObject({ brand: 'autoclub', footerMenu: null, home: null });
    expect(points.defaults.footerMenu).toContain('imprint');
    expect(points.pages.map((page: { name: string }) => page.name)).toContain('contact');
    const defaults = await footerOf(onAutoclub);

    const saved = await send(manager, 'PUT', '/api/admin/content/extension-points', {
      brand: 'autoclub',
      locale: 'de',
      footerMenu: ['contact', 'imprint'],
      home: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ footerMenu: ['contact', 'imprint'], home: null });
    await eventually(async () => expect(await footerOf(onAutoclub)).toEqual(['contact', 'imprint']));
    // The other brands keep the default menu.
    expect(await footerOf({ 'accept-language': 'de' })).toEqual(defaults);
    expect((await auditOf('extension-points:autoclub:de'))[0]).toMatchObject({
      action: 'content.extension-points',
      before: { footerMenu: null },
      after: { footerMenu: ['contact', 'imprint'] },
    });

    await send(manager, 'PUT', '/api/admin/content/extension-points', {
      brand: 'autoclub',
      locale: 'de',
      footerMenu: null,
      home: null,
    });
    await eventually(async () => expect(await footerOf(onAutoclub)).toEqual(defaults));
  });

  it('refuses a page the brand does not have, or one twice, naming the entry; nothing changes', async () => {
    const answer = await send(operator, 'PUT', '/api/admin/content/extension-points', {
      brand: 'autoclub',
      locale: 'de',
      footerMenu: ['imprint', 'nowhere', 'imprint'],
      home: ['Not A Name'],
    });
    expect(answer.statusCode).toBe(400);
    const fields = answer.json().errors.map((error: { field: string }) => error.field);
    expect(fields).toContain('home.0');
    const semantic = await send(operator, 'PUT', '/api/admin/content/extension-points', {
      brand: 'autoclub',
      locale: 'de',
      footerMenu: ['imprint', 'nowhere', 'imprint'],
      home: null,
    });
    expect(semantic.statusCode).toBe(400);
    expect(semantic.json().errors.map((error: { field: string }) => error.field)).toEqual([
      'footerMenu.1',
      'footerMenu.2',
    ]);
    const points = (
      await operator.get('/api/admin/content/extension-points?brand=autoclub&locale=de')
    ).json();
    expect(points.footerMenu).toBeNull();
  });

  it('keeps the default lists to operators, and other brands’ lists from managers', async () => {
    const body = { brand: null, locale: 'de', footerMenu: ['imprint'], home: null };
    expect((await send(manager, 'PUT', '/api/admin/content/extension-points', body)).statusCode).toBe(403);
    expect(
      (await send(manager, 'PUT', '/api/admin/content/extension-points', { ...body, brand: 'sparbuch' }))
        .statusCode,
    ).toBe(404);
    expect((await manager.get('/api/admin/content/extension-points?brand=sparbuch')).statusCode).toBe(404);
    const operatorView = await operator.get('/api/admin/content/extension-points?locale=it');
    expect(operatorView.json()).toMatchObject({
      brand: null,
      footerMenu: expect.arrayContaining(['imprint']),
    });
  });
});
