/**
 * Gift cards in the back office (issue 26): the list, a card with every movement, and the changes staff
 * make (issue, block, unblock, extend). Each change locks the card's row, writes its movement and its
 * audit entry in one transaction. What orders take and give back is written by the order API itself
 * (orders.repository debitCard / creditCard), so the history here is complete.
 */
import type {
  GiftCard,
  GiftCardDetail,
  GiftCardList,
  GiftCardMovement,
  GiftCardState,
} from '@shop/contracts/admin-gift-cards';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { type Actor, recordAudit } from '../audit/audit-trail.ts';
import { newGiftCardCode } from './gift-card-code.ts';

export const giftCardPageSize = 50;

/**
 * The cards a member's request covers: of `brandIds` (`all` also takes those valid on every brand,
 * brand null), and whether with their codes. Support sees a code's last characters only: a full code
 * is money, and a caller who reads one out needs none.
 */
export type CardScope = { brandIds: number[]; all: boolean; revealCodes: boolean };

type CardRow = {
  id: number;
  tan: string;
  brand: string | null;
  brand_id: number | null;
  initial_cents: number;
  balance_cents: number;
  currency: string;
  valid_to: string | null;
  state: GiftCardState;
  recipient_name: string | null;
  created_at: Date | string;
  blocked_at: Date | string | null;
  blocked_reason: string | null;
  total?: string | number;
};

// A card is valid through the end of its last day (UTC), as the demo cards are.
const lastDaySql = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
export const endOfDaySql = (date: string) => sql`((${date}::date + time '23:59:59') AT TIME ZONE 'UTC')`;

const stateSql = sql`CASE WHEN c.blocked_at IS NOT NULL THEN 'blocked'
    WHEN c.valid_to IS NOT NULL AND c.valid_to <= now() THEN 'expired'
    WHEN c.balance_cents <= 0 THEN 'used-up' ELSE 'active' END`;

const cardColumns = sql`c.id, c.tan, b.short AS brand, c.brand_id, c.initial_cents, c.balance_cents, c.currency,
  ${lastDaySql(sql`c.valid_to`)} AS valid_to, ${stateSql} AS state, c.recipient_name, c.created_at,
  c.blocked_at, c.blocked_reason`;

const scopeSql = (scope: CardScope) =>
  sql`(${scope.all} OR c.brand_id = ANY(${sql.param(scope.brandIds)}::int[]))`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const presentCard = (row: CardRow, scope: CardScope): GiftCard => ({
  id: row.id,
  code: scope.revealCodes ? row.tan : maskedCode(row.tan),
  brand: row.brand,
  initialCents: row.initial_cents,
  balanceCents: row.balance_cents,
  currency: row.currency.trim(),
  validTo: row.valid_to,
  state: row.state,
  recipientName: row.recipient_name,
  createdAt: iso(row.created_at) as string,
  blockedAt: iso(row.blocked_at),
  blockedReason: row.blocked_reason,
});

export async function listGiftCards(
  db: Database,
  scope: CardScope,
  filter: { query?: string | undefined; state?: GiftCardState | undefined },
  page: number,
): Promise<GiftCardList> {
  const query = (filter.query ?? '').toUpperCase();
  const prefix = `${query.replace(/[\\%_]/g, '\\$&')}%`;
  // Support finds a card only by its whole code: by the start of it, one character after another, a
  // masked code could be read back whole.
  const matches = scope.revealCodes
    ? sql`upper(c.tan) LIKE ${prefix}`
    : sql`(${query === ''} OR upper(c.tan) = ${query})`;
  const rows = await queryRows<CardRow>(
    db,
    sql`SELECT * FROM (
          SELECT ${cardColumns}, count(*) OVER () AS total
          FROM gift_cards c LEFT JOIN brands b ON b.id = c.brand_id
          WHERE ${scopeSql(scope)} AND ${matches}
            AND (${filter.state === undefined} OR ${stateSql} = ${filter.state ?? ''})
          ORDER BY c.created_at DESC, c.id DESC
          LIMIT ${giftCardPageSize} OFFSET ${(page - 1) * giftCardPageSize}) x`,
    { planEachTime: true },
  );
  return {
    cards: rows.map((row) => presentCard(row, scope)),
    total: Number(rows[0]?.total ?? 0),
    page,
    pageSize: giftCardPageSize,
  };
}

/** The card when it is within the scope; `lock`: its row locked for a change. */
export async function findGiftCard(
  db: Database,
  scope: CardScope,
  id: number,
  lock = false,
): Promise<(GiftCard & { brandId: number | null }) | null> {
  const [row] = await queryRows<CardRow>(
    db,
    sql`SELECT ${cardColumns} FROM gift_cards c LEFT JOIN brands b ON b.id = c.brand_id
        WHERE c.id = ${id} AND ${scopeSql(scope)} ${lock ? sql`FOR UPDATE OF c` : sql``}`,
  );
  return row ? { ...presentCard(row, scope), brandId: row.brand_id } : null;
}

type MovementRow = {
  id: string | number;
  kind: GiftCardMovement['kind'];
  amount_cents: number;
  balance_after_cents: number;
  order_id: number | null;
  staff_email: string | null;
  valid_to: string | null;
  note: string | null;
  at: Date | string;
};

export async function giftCardDetail(
  db: Database,
  scope: CardScope,
  id: number,
): Promise<GiftCardDetail | null> {
  const card = await findGiftCard(db, scope, id);
  if (!card) return null;
  const movements = await queryRows<MovementRow>(
    db,
    sql`SELECT m.id, m.kind, m.amount_cents, m.balance_after_cents, m.order_id, s.email AS staff_email,
          ${lastDaySql(sql`m.valid_to`)} AS valid_to, m.note, m.at
        FROM gift_card_movements m LEFT JOIN staff s ON s.id = m.staff_id
        WHERE m.gift_card_id = ${id} ORDER BY m.id`,
  );
  const { brandId: _brandId, ...shown } = card;
  return {
    ...shown,
    movements: movements.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      amountCents: row.amount_cents,
      balanceAfterCents: row.balance_after_cents,
      orderId: row.order_id,
      staffEmail: row.staff_email,
      validTo: row.valid_to,
      note: row.note,
      at: iso(row.at) as string,
    })),
  };
}

/** Enough of a code for the audit trail to tell cards apart; the trail must not hold spendable codes. */
export const maskedCode = (code: string) => `…${code.slice(-4)}`;

/**
 * Issues a card with a fresh random code; the insert's trigger (migration 0031) writes its `issued`
 * movement with the member who issued it.
 */
export async function issueGiftCard(
  db: Database,
  actor: Actor,
  input: {
    brandId: number;
    brand: string;
    amountCents: number;
    validTo: string;
    recipientName: string | null;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    // A clash of 60 random bits is all but impossible; a few tries make it impossible to matter.
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = newGiftCardCode();
      const [inserted] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO gift_cards (brand_id, tan, initial_cents, balance_cents, valid_to, recipient_name, issued_by)
            VALUES (${input.brandId}, ${code}, ${input.amountCents}, ${input.amountCents},
              ${endOfDaySql(input.validTo)}, ${input.recipientName}, ${actor.staff.member.id})
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      if (!inserted) continue;
      await recordAudit(tx, actor, {
        action: 'gift-cards.issue',
        subject: `gift-card:${inserted.id}`,
        before: null,
        after: {
          code: maskedCode(code),
          brand: input.brand,
          amountCents: input.amountCents,
          validTo: input.validTo,
          recipient: input.recipientName !== null,
        },
      });
      return inserted.id;
    }
    throw new Error('no free gift card code after 5 tries');
  });
}

async function addMovement(
  tx: Database,
  actor: Actor,
  card: GiftCard,
  movement: { kind: 'blocked' | 'unblocked' | 'extended'; note?: string | null; validTo?: string },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO gift_card_movements (gift_card_id, kind, amount_cents, balance_after_cents, staff_id, valid_to, note)
        VALUES (${card.id}, ${movement.kind}, 0, ${card.balanceCents}, ${actor.staff.member.id},
          ${movement.validTo ? endOfDaySql(movement.validTo) : null}, ${movement.note ?? null})`,
  );
}

export type CardChange = 'changed' | 'unchanged';

/**
 * Blocks a card: the shop refuses it from now on (a cart holding it loses it at its next check, a close
 * is refused). Blocking a blocked card changes nothing. Null: not within the scope.
 */
export async function blockGiftCard(
  db: Database,
  actor: Actor,
  scope: CardScope,
  id: number,
  note: string,
): Promise<CardChange | null> {
  return db.transaction(async (tx) => {
    const card = await findGiftCard(tx, scope, id, true);
    if (!card) return null;
    if (card.blockedAt !== null) return 'unchanged';
    await tx.execute(
      sql`UPDATE gift_cards SET blocked_at = now(), blocked_reason = ${note} WHERE id = ${id}`,
    );
    await addMovement(tx, actor, card, { kind: 'blocked', note });
    await recordAudit(tx, actor, {
      action: 'gift-cards.block',
      subject: `gift-card:${id}`,
      before: { state: card.state },
      after: { state: 'blocked' },
      note,
    });
    return 'changed';
  });
}

export async function unblockGiftCard(
  db: Database,
  actor: Actor,
  scope: CardScope,
  id: number,
  note: string | null,
): Promise<CardChange | null> {
  return db.transaction(async (tx) => {
    const card = await findGiftCard(tx, scope, id, true);
    if (!card) return null;
    if (card.blockedAt === null) return 'unchanged';
    await tx.execute(sql`UPDATE gift_cards SET blocked_at = NULL, blocked_reason = NULL WHERE id = ${id}`);
    await addMovement(tx, actor, card, { kind: 'unblocked', note });
    const after = await findGiftCard(tx, scope, id);
    await recordAudit(tx, actor, {
      action: 'gift-cards.unblock',
      subject: `gift-card:${id}`,
      before: { state: card.state, blockedReason: card.blockedReason },
      after: { state: after?.state },
      note,
    });
    return 'changed';
  });
}

/**
 * Moves the last day to `validTo`, which must be later than today and than the current last day
 * (`too-early` otherwise; checked under the row lock). An expired card is usable again.
 */
export async function extendGiftCard(
  db: Database,
  actor: Actor,
  scope: CardScope,
  id: number,
  validTo: string,
): Promise<CardChange | 'too-early' | null> {
  return db.transaction(async (tx) => {
    const card = await findGiftCard(tx, scope, id, true);
    if (!card) return null;
    const today = new Date().toISOString().slice(0, 10);
    if (validTo <= today || (card.validTo !== null && validTo <= card.validTo)) return 'too-early';
    await tx.execute(sql`UPDATE gift_cards SET valid_to = ${endOfDaySql(validTo)} WHERE id = ${id}`);
    await addMovement(tx, actor, card, { kind: 'extended', validTo });
    const after = await findGiftCard(tx, scope, id);
    await recordAudit(tx, actor, {
      action: 'gift-cards.extend',
      subject: `gift-card:${id}`,
      before: { validTo: card.validTo, state: card.state },
      after: { validTo, state: after?.state },
    });
    return 'changed';
  });
}
