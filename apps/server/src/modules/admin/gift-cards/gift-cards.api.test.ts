import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { readPdf } from '#src/modules/documents/pdf-inspection.test-support.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { exampleCustomer, variantsInStock } from '#src/test/orders.ts';
import { type StaffClient, signInStaff } from '#src/test/staff.ts';
import { giftCardCodePattern } from './gift-card-code.ts';

/**
 * Gift cards in the back office (issue 26), checked against what the shop's order API does with them:
 * a card issued here pays for an order there, a blocked or expired one is refused as invalid, and every
 * movement (issue, debit, credit, block, unblock, extension) is listed on the card.
 */
let shop: TestApp;
let operator: StaffClient;
let manager: StaffClient;
let support: StaffClient;
let variantId: number;
const familyclub = { host: 'familyclub.localhost' };
const future = '2099-12-31';

beforeAll(async () => {
  shop = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  [operator, manager, support] = await Promise.all([
    signInStaff(shop.app, 'operator@example.org', { locale: 'de' }),
    signInStaff(shop.app, 'manager.autoclub@example.org', { locale: 'de' }),
    signInStaff(shop.app, 'support@example.org', { locale: 'de' }),
  ]);
  [variantId] = (await variantsInStock(shop.database.db)) as [number];
});
afterAll(() => shop.close());

type Card = {
  id: number;
  code: string;
  brand: string | null;
  state: string;
  balanceCents: number;
  validTo: string | null;
  movements: { kind: string; amountCents: number; balanceAfterCents: number; orderId: number | null }[];
};

const shopCall = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) =>
  shop.app.inject({ method, url, headers: familyclub, payload });

async function issue(amountCents = 5000, client = operator, brand = 'familyclub'): Promise<Card> {
  const answer = await client.post('/api/admin/gift-cards', { brand, amountCents, validTo: future });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

const detail = async (id: number, client = operator): Promise<Card> =>
  (await client.get(`/api/admin/gift-cards/${id}`)).json();

/** A familyclub cart with one unit and the example customer, ready to close. */
async function cart() {
  const created = (await shopCall('POST', '/api/order', {})).json();
  const access = { orderId: created.id as number, key: created.token as string };
  expect((await shopCall('POST', '/api/order/items', { ...access, variantId })).statusCode).toBe(200);
  await shopCall('PUT', '/api/order/customer', { ...access, ...exampleCustomer });
  return access;
}

const counts = async () =>
  (
    await queryRows<{ cards: number; movements: number; audit: number }>(
      shop.database.db,
      sql`SELECT (SELECT count(*)::int FROM gift_cards) AS cards,
            (SELECT count(*)::int FROM gift_card_movements) AS movements,
            (SELECT count(*)::int FROM audit_events WHERE action LIKE 'gift-cards.%') AS audit`,
    )
  )[0];

describe('issuing a gift card', () => {
  it('gives a random code the shop’s order API takes and debits, with the issue and the debit listed', async () => {
    const card = await issue(5000);
    expect(card.code).toMatch(giftCardCodePattern);
    expect(card).toMatchObject({ balanceCents: 5000, state: 'active', validTo: future, brand: 'familyclub' });
    expect(card.movements).toEqual([
      expect.objectContaining({ kind: 'issued', amountCents: 5000, balanceAfterCents: 5000, orderId: null }),
    ]);
    expect(card.movements[0]).toMatchObject({ staffEmail: 'operator@example.org' });
    expect((await issue(5000)).code).not.toBe(card.code);

    const order = await cart();
    const applied = await shopCall('POST', '/api/order/giftcard', { ...order, tan: card.code.toLowerCase() });
    expect(applied.statusCode, applied.body).toBe(200);
    const prepaid = applied.json().summary.prepaid[0].amount.total as number;
    expect(prepaid).toBeGreaterThan(0);
    const closed = await shopCall('PUT', '/api/order/close', { ...order, paymentType: 'wiretransfer' });
    expect(closed.statusCode, closed.body).toBe(200);

    const debited = await detail(card.id);
    expect(debited.balanceCents).toBe(5000 - prepaid);
    expect(debited.movements.map((movement) => movement.kind)).toEqual(['issued', 'debited']);
    expect(debited.movements[1]).toMatchObject({
      amountCents: -prepaid,
      balanceAfterCents: 5000 - prepaid,
      orderId: order.orderId,
    });

    // The buyer gives the order up: the amount comes back, as a movement of its own.
    const cancelled = await shopCall('PUT', '/api/order/cancel', order);
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    const credited = await detail(card.id);
    expect(credited.balanceCents).toBe(5000);
    // The movements add up to the balance: none of the order API's changes went unrecorded.
    expect(credited.movements.reduce((sum, movement) => sum + movement.amountCents, 0)).toBe(5000);
    expect(credited.movements.at(-1)).toMatchObject({
      kind: 'credited',
      amountCents: prepaid,
      balanceAfterCents: 5000,
      orderId: order.orderId,
    });

    const [audit] = await queryRows<{ before: unknown; after: Record<string, unknown> }>(
      shop.database.db,
      sql`SELECT before, after FROM audit_events WHERE action = 'gift-cards.issue' AND subject = ${`gift-card:${card.id}`}`,
    );
    expect(audit?.before).toBeNull();
    expect(audit?.after).toMatchObject({ brand: 'familyclub', amountCents: 5000, validTo: future });
    // The trail names the card, never its whole (spendable) code.
    expect(JSON.stringify(audit)).not.toContain(card.code);
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const before = await counts();
    const bodies = [
      { brand: 'familyclub', amountCents: -5, validTo: future },
      { brand: 'familyclub', amountCents: 'viel', validTo: future },
      { brand: 'familyclub', amountCents: 5000, validTo: '2031-02-30' },
      { brand: 'familyclub', amountCents: 5000, validTo: '2020-01-01' },
      { brand: 'familyclub', amountCents: 5000_000_00, validTo: future },
      { brand: 'demo', amountCents: 5000, validTo: future },
      { amountCents: 5000, validTo: future },
    ];
    for (const body of bodies) {
      const answer = await operator.post('/api/admin/gift-cards', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().type).toBe('validation-error');
      expect(answer.json().errors.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    const past = await operator.post('/api/admin/gift-cards', {
      brand: 'familyclub',
      amountCents: 5000,
      validTo: '2020-01-01',
    });
    expect(past.json().errors).toEqual([{ field: 'validTo', message: 'muss nach dem heutigen Tag liegen' }]);
    expect(await counts()).toEqual(before);
  });
});

describe('blocking a gift card', () => {
  it('makes the order API refuse it as invalid and debit nothing; unblocking makes it usable again', async () => {
    const card = await issue(5000);
    const order = await cart();
    expect((await shopCall('POST', '/api/order/giftcard', { ...order, tan: card.code })).statusCode).toBe(
      200,
    );

    // Support may block (a caller's lost card), with a note.
    const blocked = await support.post(`/api/admin/gift-cards/${card.id}/block`, { note: 'Karte verloren' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ state: 'blocked', blockedReason: 'Karte verloren' });
    // Support finds the card by the code a caller reads out, yet sees only its end: a code is money.
    expect(blocked.json().code).toBe(`…${card.code.slice(-4)}`);
    const found = (await support.get(`/api/admin/gift-cards?query=${encodeURIComponent(card.code)}`)).json();
    expect(found.cards.map((shown: { id: number; code: string }) => [shown.id, shown.code])).toEqual([
      [card.id, `…${card.code.slice(-4)}`],
    ]);
    expect((await operator.get(`/api/admin/gift-cards/${card.id}`)).json().code).toBe(card.code);
    // By the start of a code support finds nothing: one more character at a time would spell it out.
    const start = (await support.get(`/api/admin/gift-cards?query=${card.code.slice(0, 8)}`)).json();
    expect(start.cards).toEqual([]);
    const byOperator = (await operator.get(`/api/admin/gift-cards?query=${card.code.slice(0, 8)}`)).json();
    expect(byOperator.cards.map((shown: { id: number }) => shown.id)).toContain(card.id);

    const closed = await shopCall('PUT', '/api/order/close', { ...order, paymentType: 'wiretransfer' });
    expect(closed.statusCode).not.toBe(200);
    const other = await cart();
    const refused = await shopCall('POST', '/api/order/giftcard', { ...other, tan: card.code });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().type).toBe('invalid-giftcard');
    const unknown = await shopCall('POST', '/api/order/giftcard', { ...other, tan: 'GC-NOPE-NOPE-NOPE' });
    expect(refused.json().title).toBe(unknown.json().title);

    const afterBlock = await detail(card.id);
    expect(afterBlock.balanceCents).toBe(5000);
    expect(afterBlock.movements.map((movement) => movement.kind)).toEqual(['issued', 'blocked']);

    // Blocking again changes nothing; support may not give the card back its value.
    const again = await operator.post(`/api/admin/gift-cards/${card.id}/block`, { note: 'nochmal' });
    expect(again.statusCode).toBe(200);
    expect((await detail(card.id)).movements).toHaveLength(2);
    expect((await support.post(`/api/admin/gift-cards/${card.id}/unblock`, {})).statusCode).toBe(403);

    const unblocked = await operator.post(`/api/admin/gift-cards/${card.id}/unblock`, { note: 'gefunden' });
    expect(unblocked.json()).toMatchObject({ state: 'active', blockedReason: null });
    expect((await shopCall('POST', '/api/order/giftcard', { ...other, tan: card.code })).statusCode).toBe(
      200,
    );

    const audit = await queryRows<{ action: string; before: unknown; after: unknown; note: string | null }>(
      shop.database.db,
      sql`SELECT action, before, after, note FROM audit_events WHERE subject = ${`gift-card:${card.id}`} ORDER BY id`,
    );
    expect(audit.map((entry) => entry.action)).toEqual([
      'gift-cards.issue',
      'gift-cards.block',
      'gift-cards.unblock',
    ]);
    expect(audit[1]).toMatchObject({
      before: { state: 'active' },
      after: { state: 'blocked' },
      note: 'Karte verloren',
    });
  });

  it('needs a note', async () => {
    const card = await issue(1000);
    const answer = await operator.post(`/api/admin/gift-cards/${card.id}/block`, { note: ' ' });
    expect(answer.statusCode).toBe(400);
    expect((await detail(card.id)).state).toBe('active');
  });
});

describe('extending a gift card', () => {
  it('moves the last day; an expired card is refused by the shop until it is extended', async () => {
    const card = await issue(2000);
    await shop.database.db.execute(
      sql`UPDATE gift_cards SET valid_to = now() - interval '1 day' WHERE id = ${card.id}`,
    );
    expect((await detail(card.id)).state).toBe('expired');
    const order = await cart();
    const refused = await shopCall('POST', '/api/order/giftcard', { ...order, tan: card.code });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().type).toBe('invalid-giftcard');

    const support403 = await support.post(`/api/admin/gift-cards/${card.id}/extend`, { validTo: future });
    expect(support403.statusCode).toBe(403);
    const extended = await operator.post(`/api/admin/gift-cards/${card.id}/extend`, {
      validTo: '2098-06-30',
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json()).toMatchObject({ state: 'active', validTo: '2098-06-30' });
    expect(extended.json().movements.at(-1)).toMatchObject({ kind: 'extended', validTo: '2098-06-30' });
    expect((await shopCall('POST', '/api/order/giftcard', { ...order, tan: card.code })).statusCode).toBe(
      200,
    );

    // Not later than the current last day, or not a day at all: refused, nothing changed.
    const before = await counts();
    for (const validTo of ['2098-06-30', '2098-01-01', '2020-01-01', 'morgen']) {
      const answer = await operator.post(`/api/admin/gift-cards/${card.id}/extend`, { validTo });
      expect(answer.statusCode, validTo).toBe(400);
      expect(answer.json().errors[0].field).toBe('validTo');
    }
    expect(await counts()).toEqual(before);
    expect((await detail(card.id)).validTo).toBe('2098-06-30');
    const [audit] = await queryRows<{ before: unknown; after: unknown }>(
      shop.database.db,
      sql`SELECT before, after FROM audit_events WHERE action = 'gift-cards.extend' AND subject = ${`gift-card:${card.id}`}`,
    );
    expect(audit).toMatchObject({
      before: { state: 'expired' },
      after: { validTo: '2098-06-30', state: 'active' },
    });
  });
});

describe('brands and roles', () => {
  it('gives a brand manager their brand’s cards only; another brand’s card is a 404 and stays as it was', async () => {
    const foreign = await issue(3000);
    const own = await issue(4000, manager, 'autoclub');
    expect(own.brand).toBe('autoclub');
    const before = await counts();
    expect((await manager.get(`/api/admin/gift-cards/${foreign.id}`)).statusCode).toBe(404);
    expect((await manager.get(`/api/admin/gift-cards/${foreign.id}/card.pdf`)).statusCode).toBe(404);
    for (const [action, body] of [
      ['block', { note: 'x' }],
      ['unblock', {}],
      ['extend', { validTo: future }],
    ] as const) {
      const answer = await manager.post(`/api/admin/gift-cards/${foreign.id}/${action}`, body);
      expect(answer.statusCode, action).toBe(404);
    }
    const issued = await manager.post('/api/admin/gift-cards', {
      brand: 'familyclub',
      amountCents: 5000,
      validTo: future,
    });
    expect(issued.statusCode).toBe(404);
    expect(await counts()).toEqual(before);

    const list = (await manager.get('/api/admin/gift-cards')).json();
    expect(list.cards.length).toBeGreaterThan(0);
    expect(list.cards.every((card: { brand: string }) => card.brand === 'autoclub')).toBe(true);
    expect((await manager.get('/api/admin/gift-cards?brand=familyclub')).statusCode).toBe(404);
    expect(
      (await support.post('/api/admin/gift-cards', { brand: 'autoclub', amountCents: 100, validTo: future }))
        .statusCode,
    ).toBe(403);
  });

  it('finds cards by the start of their code, brand and state', async () => {
    const card = await issue(1500);
    const found = (
      await operator.get(`/api/admin/gift-cards?query=${card.code.slice(0, 10).toLowerCase()}`)
    ).json();
    expect(found.cards.map((row: { id: number }) => row.id)).toContain(card.id);
    expect(found.total).toBeLessThan(3);
    const autoclub = (await operator.get('/api/admin/gift-cards?brand=autoclub')).json();
    expect(autoclub.cards.some((row: { id: number }) => row.id === card.id)).toBe(false);
    await operator.post(`/api/admin/gift-cards/${card.id}/block`, { note: 'Test' });
    const blocked = (await support.get('/api/admin/gift-cards?state=blocked')).json();
    expect(blocked.cards.map((row: { id: number }) => row.id)).toContain(card.id);
    expect(blocked.cards.every((row: { state: string }) => row.state === 'blocked')).toBe(true);
    expect((await operator.get('/api/admin/gift-cards?state=lost')).statusCode).toBe(400);
  });
});

describe('the printable card', () => {
  it('is a PDF with the code, the amount and how to redeem it, in the language asked for', async () => {
    const answer = await operator.post('/api/admin/gift-cards', {
      brand: 'familyclub',
      amountCents: 12_345,
      validTo: '2099-03-31',
      recipientName: 'Anna Huber',
    });
    const card = answer.json() as Card;
    const english = await operator.get(`/api/admin/gift-cards/${card.id}/card.pdf?lang=en`);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.headers['cache-control']).toBe('no-store');
    const pdf = readPdf(english.rawPayload);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.text).toContain(card.code);
    expect(pdf.text).toContain('€ 123.45');
    expect(pdf.text).toContain('For Anna Huber');
    expect(pdf.text).toContain('31 March 2099');
    expect(pdf.text).toContain('How to redeem your gift card');
    expect(pdf.title).toBe(`Gift card ${card.code}`);

    const german = readPdf((await operator.get(`/api/admin/gift-cards/${card.id}/card.pdf`)).rawPayload);
    expect(german.text).toContain('€ 123,45');
    expect(german.text).toContain('Einlösbar bis 31.03.2099');
    expect(german.text).toContain(card.code);
    expect((await support.get(`/api/admin/gift-cards/${card.id}/card.pdf`)).statusCode).toBe(403);
    expect((await operator.get(`/api/admin/gift-cards/${card.id}/card.pdf?lang=fr`)).statusCode).toBe(400);
  });
});
