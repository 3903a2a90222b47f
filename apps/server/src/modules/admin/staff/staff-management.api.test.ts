import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { testBrand } from '#src/modules/mail/templates/mail-test-support.ts';
import { renderStaffInviteMail } from '#src/modules/mail/templates/staff-invite-mail.tsx';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { cookieOf, type StaffClient, signInStaff, staffClient } from '#src/test/staff.ts';

/** Staff accounts: invited by mail, changed and switched off by the operator, sessions ended by their owner. */
let shop: TestApp;
let operator: StaffClient;
beforeAll(async () => {
  shop = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  operator = await signInStaff(shop.app, 'operator@example.org', { locale: 'de' });
});
afterAll(() => shop.close());

const login = (email: string, password: string) =>
  shop.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password } });

async function inviteToken(email: string): Promise<string> {
  const [mail] = await queryRows<{ payload: { token: string } }>(
    shop.database.db,
    sql`SELECT payload FROM mails WHERE kind = 'staff-invite' AND recipient = ${email} ORDER BY id DESC LIMIT 1`,
  );
  if (!mail) throw new Error(`no invitation for ${email}`);
  return mail.payload.token;
}

describe('staff accounts', () => {
  it('invites a member by mail, who sets a password with the link once and signs in', async () => {
    const invited = await operator.post('/api/admin/staff', {
      email: 'Rita.Rezeption@Example.org',
      name: 'Rita Rezeption',
      role: 'support',
      brands: ['autoclub'],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      email: 'rita.rezeption@example.org',
      role: 'support',
      invited: true,
      disabled: false,
      markPaidLimitCents: 100_000,
      brands: [{ short: 'autoclub' }],
    });
    // Without a password nobody signs in, whatever they type.
    expect((await login('rita.rezeption@example.org', '')).statusCode).toBe(400);
    expect((await login('rita.rezeption@example.org', 'irgendwas-langes')).statusCode).toBe(401);

    const token = await inviteToken('rita.rezeption@example.org');
    const accept = (password: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/admin/auth/accept-invite',
        headers: { 'accept-language': 'de' },
        payload: { token, password },
      });
    expect((await accept('kurz')).statusCode).toBe(400);
    expect((await accept('Rezeption-am-See-2026')).statusCode).toBe(204);
    const setByHand = (await operator.get('/api/admin/audit?action=staff.password-set')).json().entries;
    expect(setByHand[0]).toMatchObject({ staffEmail: 'rita.rezeption@example.org' });
    const reused = await accept('Noch-ein-Passwort-2026');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toBe(
      'Der Link ist ungültig, schon benutzt oder abgelaufen. Bitten Sie den Betreiber um eine neue Einladung.',
    );
    const signedIn = await login('rita.rezeption@example.org', 'Rezeption-am-See-2026');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().staff.brands).toEqual([expect.objectContaining({ short: 'autoclub' })]);

    const again = await operator.post('/api/admin/staff', {
      email: 'rita.rezeption@example.org',
      name: 'Rita',
      role: 'support',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Für diese Adresse gibt es schon einen Zugang.');
  });

  it('writes the invitation in the inviter’s language with the link in the URL’s fragment', async () => {
    const mail = await renderStaffInviteMail(
      {
        inviteUrl: 'http://localhost:3000/admin/invite#abc',
        inviter: 'Olivia Operator',
        role: 'support',
        validDays: 3,
      },
      { ...testBrand, name: 'Demo Reisen' },
      'de',
    );
    expect(mail.subject).toBe('Ihr Zugang zum Backoffice von Demo Reisen');
    expect(mail.text).toContain(
      'Olivia Operator hat Ihnen einen Zugang zum Backoffice eingerichtet (Rolle: Kundenservice).',
    );
    expect(mail.text).toContain('http://localhost:3000/admin/invite#abc');
    expect(mail.text).toContain('Der Link gilt 3 Tage und nur einmal.');
  });

  it('changes role and brands with the before and after in the trail, and switches an account off for good', async () => {
    await operator.post('/api/admin/staff', { email: 'max@example.org', name: 'Max', role: 'support' });
    const token = await inviteToken('max@example.org');
    await shop.app.inject({
      method: 'POST',
      url: '/api/admin/auth/accept-invite',
      payload: { token, password: 'Max-Mustermann-2026' },
    });
    const signedIn = await login('max@example.org', 'Max-Mustermann-2026');
    const max = staffClient(shop.app, cookieOf(signedIn.headers['set-cookie']), signedIn.json().csrfToken);
    const { id } = signedIn.json().staff;

    const noBrand = await operator.post(`/api/admin/staff/${id}`, { role: 'brand-manager' });
    expect(noBrand.statusCode).toBe(400);
    expect(noBrand.json().detail).toMatch(/^Markenverantwortliche brauchen mindestens eine Marke/);
    const promoted = await operator.post(`/api/admin/staff/${id}`, {
      role: 'brand-manager',
      brands: ['autoclub'],
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'brand-manager', brands: [{ short: 'autoclub' }] });
    // The member's next call works with the new role.
    expect((await max.get('/api/admin/auth/session')).json().staff.role).toBe('brand-manager');

    const off = await operator.post(`/api/admin/staff/${id}`, { disabled: true });
    expect(off.json().disabled).toBe(true);
    expect((await max.get('/api/admin/auth/session')).statusCode).toBe(401);
    expect((await login('max@example.org', 'Max-Mustermann-2026')).statusCode).toBe(401);

    const trail = (await operator.get('/api/admin/audit?action=staff.update')).json().entries;
    expect(
      trail.find((entry: { before: { role: string } }) => entry.before.role === 'support'),
    ).toMatchObject({
      before: { role: 'support', brands: [] },
      after: { role: 'brand-manager', brands: ['autoclub'] },
      // The trail names whose account changed, not only its id.
      subject: `staff:${id}`,
      subjectStaffEmail: 'max@example.org',
    });
    const self = (await operator.get('/api/admin/auth/session')).json().staff.id;
    const selfOff = await operator.post(`/api/admin/staff/${self}`, { disabled: true });
    expect(selfOff.statusCode).toBe(409);
    const list = (await operator.get('/api/admin/staff')).json().staff;
    expect(list.map((member: { email: string }) => member.email)).toEqual(
      expect.arrayContaining(['operator@example.org', 'support@example.org', 'max@example.org']),
    );
    expect(list.find((member: { email: string }) => member.email === 'max@example.org').disabled).toBe(true);
  });

  it('lists a member’s own sessions and ends one of them', async () => {
    const desk = await signInStaff(shop.app, 'support@example.org');
    const tablet = await signInStaff(shop.app, 'support@example.org');
    const sessions = (await tablet.get('/api/admin/auth/sessions')).json().sessions;
    const deskId = desk.cookie.split('=')[1]?.split('.')[0];
    expect(sessions.map((session: { id: string }) => session.id)).toContain(deskId);
    expect(sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    expect((await tablet.post(`/api/admin/auth/sessions/${deskId}/end`)).statusCode).toBe(204);
    const ended = (await operator.get('/api/admin/audit?action=staff.session-end')).json().entries;
    expect(ended[0]).toMatchObject({ staffEmail: 'support@example.org' });
    expect((await desk.get('/api/admin/orders')).statusCode).toBe(401);
    expect((await tablet.get('/api/admin/orders')).statusCode).toBe(200);
    // Another member's session is not theirs to end.
    const operatorSession = operator.cookie.split('=')[1]?.split('.')[0];
    expect((await tablet.post(`/api/admin/auth/sessions/${operatorSession}/end`)).statusCode).toBe(404);
  });
});
