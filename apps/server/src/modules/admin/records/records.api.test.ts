import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type StaffClient, signInStaff } from '#src/test/staff.ts';

/**
 * The brand services' records in the back office (issue 26), made through the shop's own API as a
 * visitor makes them: the lists, the CSV, an unsubscribe and deletions on request, in the audit trail
 * without the personal data they removed, and only for the member's brands.
 */
let shop: TestApp;
let operator: StaffClient;
let manager: StaffClient;
let clients = 0;
const client = () => ({ 'x-forwarded-for': `10.11.${Math.floor(++clients / 250)}.${clients % 250}` });
const visitor = '6b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

beforeAll(async () => {
  shop = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  [operator, manager] = await Promise.all([
    signInStaff(shop.app, 'operator@example.org', { locale: 'de' }),
    signInStaff(shop.app, 'manager.autoclub@example.org', { locale: 'de' }),
  ]);
  const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const answer = await shop.app.inject({
      method: 'POST',
      url,
      headers: { ...client(), ...headers },
      payload,
    });
    expect(answer.statusCode, `${url} ${answer.body}`).toBeLessThan(300);
  };
  await post('/api/newsletter', { email: 'Nina.News@example.org' });
  await post('/api/newsletter', { email: 'otto.other@example.org' });
  await post('/api/wish', {
    email: 'wanda.wish@example.org',
    kind: 'region',
    text: 'Mehr Hotels am Gardasee',
  });
  await post(
    '/api/wish',
    { email: 'auto.wish@example.org', kind: 'hotel', text: 'Hotel Adler' },
    { host: 'autoclub.localhost' },
  );
  const banner = { version: 'v1', textHash: 'a'.repeat(64), services: ['Google Analytics'] };
  await post('/api/consent', { visitorId: visitor, choice: 'all', banner, language: 'de' });
  await post('/api/consent', { visitorId: visitor, choice: 'necessary', banner, language: 'de' });
});
afterAll(() => shop.close());

const list = (client: StaffClient, kind: string, query: Record<string, string> = {}) =>
  client.get(`/api/admin/records/${kind}?${new URLSearchParams(query)}`);

const auditOf = (subject: string) =>
  queryRows<{ action: string; before: unknown; after: unknown; note: string; staff_email: string }>(
    shop.database.db,
    sql`SELECT action, before, after, note, staff_email FROM audit_events WHERE subject = ${subject}`,
  );

describe('the brand services’ records', () => {
  it('lists newsletter requests with their opt-in evidence, found by an address’s start and by state', async () => {
    const answer = await list(operator, 'newsletter', { query: 'NINA' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { records, total } = answer.json();
    expect(total).toBe(1);
    expect(records[0]).toMatchObject({
      brand: 'demo',
      who: 'nina.news@example.org',
      state: 'requested',
      details: { source: 'footer', locale: 'de', consentVersion: expect.any(String), confirmedAt: null },
    });
    expect((await list(operator, 'newsletter', { state: 'subscribed' })).json().total).toBe(0);
    // A LIKE pattern typed into the box is text, not a wildcard.
    expect((await list(operator, 'newsletter', { query: '%' })).json().total).toBe(0);
  });

  it('unsubscribes at the subscriber’s request, once, in the audit trail', async () => {
    const [record] = (await list(operator, 'newsletter', { query: 'nina' })).json().records;
    const answer = await operator.post(`/api/admin/records/newsletter/${record.id}/unsubscribe`, {
      note: 'Per Telefon abgemeldet',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      state: 'unsubscribed',
      details: { unsubscribedAt: expect.any(String) },
    });
    const again = await operator.post(`/api/admin/records/newsletter/${record.id}/unsubscribe`, {
      note: 'nochmal',
    });
    expect(again.json().state).toBe('unsubscribed');
    expect(await auditOf(`newsletter:${record.id}`)).toEqual([
      {
        action: 'records.newsletter-unsubscribe',
        before: { state: 'requested' },
        after: { state: 'unsubscribed' },
        note: 'Per Telefon abgemeldet',
        staff_email: 'operator@example.org',
      },
    ]);
  });

  it('deletes a wish on request; the trail says what and why, not the address or the text', async () => {
    const [wish] = (await list(operator, 'wishes', { query: 'wanda' })).json().records;
    expect(wish.details).toEqual({ kind: 'region', text: 'Mehr Hotels am Gardasee', locale: 'de' });
    const answer = await operator.post(`/api/admin/records/wishes/${wish.id}/delete`, {
      note: 'Löschung nach Art. 17',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ deleted: 1 });
    expect((await list(operator, 'wishes', { query: 'wanda' })).json().total).toBe(0);
    const [entry] = await auditOf(`wishes:${wish.id}`);
    expect(entry).toMatchObject({ action: 'records.delete', after: null, note: 'Löschung nach Art. 17' });
    expect(JSON.stringify(entry?.before)).not.toMatch(/wanda|Gardasee/);
    // Gone is gone: a second deletion finds nothing.
    expect(
      (await operator.post(`/api/admin/records/wishes/${wish.id}/delete`, { note: 'x' })).statusCode,
    ).toBe(404);
  });

  it('deletes a visitor’s consent answers together: one person’s evidence', async () => {
    const { records } = (await list(operator, 'consent', { query: visitor })).json();
    expect(records.map((record: { details: { choice: string } }) => record.details.choice)).toEqual([
      'necessary',
      'all',
    ]);
    const answer = await operator.post(`/api/admin/records/consent/${records[1].id}/delete`, {
      note: 'Auf Anfrage',
    });
    expect(answer.json()).toEqual({ deleted: 2 });
    expect((await list(operator, 'consent', { query: visitor })).json().total).toBe(0);
  });

  it('keeps a brand manager to their brands: another brand’s records are neither listed nor deleted', async () => {
    const own = (await list(manager, 'wishes')).json();
    expect(own.records.map((record: { brand: string }) => record.brand)).toEqual(['autoclub']);
    expect((await list(manager, 'newsletter', { brand: 'demo' })).statusCode).toBe(404);
    const [demo] = (await list(operator, 'newsletter', { query: 'otto' })).json().records;
    expect(
      (await manager.post(`/api/admin/records/newsletter/${demo.id}/delete`, { note: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await manager.post(`/api/admin/records/newsletter/${demo.id}/unsubscribe`, { note: 'x' })).statusCode,
    ).toBe(404);
    expect((await list(operator, 'newsletter', { query: 'otto' })).json().records[0].state).toBe('requested');
  });

  it('answers the records a filter finds as a CSV file, and refuses an unknown kind or an empty note', async () => {
    const answer = await list(operator, 'newsletter', { query: 'otto', format: 'csv' });
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [head, row] = answer.body.split('\r\n');
    expect(head).toBe('\uFEFFNr.;Marke;Zeitpunkt;E-Mail / Besucher;Stand;Angaben');
    expect(row).toMatch(
      /^\d+;demo;\d{4}-\d\d-\d\dT[^;]+;otto\.other@example\.org;requested;source: footer \| locale: de \| consentVersion: \S+$/,
    );
    const exports = await queryRows<{ action: string; after: unknown; staff_email: string }>(
      shop.database.db,
      sql`SELECT action, after, staff_email FROM audit_events WHERE action = 'records.export'`,
    );
    expect(exports).toEqual([
      expect.objectContaining({
        action: 'records.export',
        after: { kind: 'newsletter', brand: null, state: null, records: 1 },
        staff_email: 'operator@example.org',
      }),
    ]);
    expect((await list(operator, 'orders')).statusCode).toBe(400);
    const [otto] = (await list(operator, 'newsletter', { query: 'otto' })).json().records;
    expect(
      (await operator.post(`/api/admin/records/newsletter/${otto.id}/delete`, { note: '  ' })).statusCode,
    ).toBe(400);
  });
});
