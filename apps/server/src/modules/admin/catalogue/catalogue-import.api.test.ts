import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client.ts';
import { createTestApp, type TestApp } from '#src/test/app.ts';
import { type StaffClient, signInStaff } from '#src/test/staff.ts';

/**
 * The catalogue as a CSV file (issue 26): exported, edited, checked in a dry run that lists every error
 * and change and writes nothing, imported whole or not at all.
 */
let shop: TestApp;
let operator: StaffClient;
let manager: StaffClient;
const onAutoclub = { host: 'autoclub.localhost', 'accept-language': 'de' };

beforeAll(async () => {
  shop = await createTestApp({ env: { JOBS_IN_SERVER: 'true', CHANGE_POLL_MS: '100' } });
  [operator, manager] = await Promise.all([
    signInStaff(shop.app, 'operator@example.org', { locale: 'en' }),
    signInStaff(shop.app, 'manager.autoclub@example.org', { locale: 'de' }),
  ]);
});
afterAll(() => shop.close());

type Lines = Record<string, string>[];
type Line = Lines[number] & { offer_slug: string; country: string };

async function exported(client: StaffClient, query = ''): Promise<{ head: string[]; lines: Lines }> {
  const file = await client.get(`/api/admin/catalogue/export${query}`);
  expect(file.statusCode, file.body).toBe(200);
  expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
  const [head, ...rows] = file.body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(';'));
  return {
    head: head!,
    lines: rows.map((cells) => Object.fromEntries(head!.map((column, i) => [column, cells[i] ?? '']))),
  };
}

const fileOf = (head: string[], lines: Lines) =>
  [head.join(';'), ...lines.map((line) => head.map((column) => line[column] ?? '').join(';'))].join('\r\n');

async function imported(client: StaffClient, content: string, dryRun: boolean) {
  const answer = await shop.app.inject({
    method: 'POST',
    url: `/api/admin/catalogue/imports?dryRun=${dryRun}&name=angebote.csv`,
    headers: {
      cookie: client.cookie,
      'x-csrf-token': client.csrfToken,
      'content-type': 'text/csv',
      'accept-language': client === operator ? 'en' : 'de',
    },
    payload: content,
  });
  expect(answer.statusCode, answer.body).toBe(202);
  return finished(client, answer.json().id);
}

async function finished(client: StaffClient, id: number) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const progress = (await client.get(`/api/admin/catalogue/imports/${id}`)).json();
    if (progress.status === 'done' || progress.status === 'failed') return progress;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

const catalogueState = async () =>
  queryRows(
    shop.database.db,
    sql`SELECT o.id, o.slug, o.title, o.is_active, v.id AS variant_id, v.price_cents, v.stock
        FROM offers o LEFT JOIN variants v ON v.offer_id = o.id ORDER BY o.id, v.id`,
  );

describe('the catalogue CSV', () => {
  it('exports one line per variant; importing the file unchanged changes nothing', async () => {
    const { head, lines } = await exported(operator);
    expect(head).toContain('reference_price');
    const [counted] = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM variants`,
    );
    expect(lines.length).toBe(counted!.n);
    expect(lines[0]).toMatchObject({
      offer_id: expect.stringMatching(/^\d+$/),
      price: expect.stringMatching(/^\d+\.\d\d$/),
    });

    const checked = await imported(operator, fileOf(head, lines.slice(0, 200)), true);
    expect(checked).toMatchObject({ status: 'done', applied: false, errors: [], changes: [] });
    expect(checked.summary.unchanged).toBe(200);
  });

  it('a dry run lists a bad price, an unknown country and a taken slug, and changes nothing; the corrected file imports', async () => {
    const { head, lines } = await exported(manager, '?brand=autoclub');
    const offer = lines.find((line) => line.active === '1') as Line;
    const sibling = lines.find((line) => line.offer_id !== offer.offer_id) as Line;
    const newOffer = (slug: string, country: string) => ({
      ...offer,
      offer_id: '',
      variant_id: '',
      offer_slug: slug,
      country,
      title_de: 'Neues Importangebot',
      title_en: 'New imported offer',
    });
    const before = await catalogueState();
    const broken = [
      { ...offer, price: '12x,00' },
      newOffer('importiert-am-see', 'XX'),
      newOffer(sibling.offer_slug, offer.country),
    ];
    const checked = await imported(manager, fileOf(head, broken), true);
    expect(checked.status).toBe('done');
    expect(checked.applied).toBe(false);
    expect(checked.errors).toEqual([
      { line: 2, column: 'price', message: 'Kein gültiger Betrag (z. B. 299,00).' },
      { line: 3, column: 'country', message: 'Das Land „XX“ kennt der Katalog nicht.' },
      { line: 4, column: 'offer_slug', message: 'Diese Adresse hat schon ein anderes Angebot.' },
    ]);
    expect(await catalogueState()).toEqual(before);
    // Importing it anyway is refused: nothing is written.
    const refused = await manager.post(`/api/admin/catalogue/imports/${checked.id}/apply`);
    expect(refused.statusCode).toBe(409);

    const corrected = [
      { ...offer, price: '123,00', stock: '7' },
      newOffer('importiert-am-see', offer.country),
      { ...newOffer('importiert-am-see', offer.country), nights: String(Number(offer.nights) + 1) },
    ];
    const dry = await imported(manager, fileOf(head, corrected), true);
    expect(dry.errors).toEqual([]);
    expect(dry.summary).toMatchObject({ offersCreated: 1, variantsCreated: 2, variantsChanged: 1 });
    const priceChange = dry.changes.find((change: { kind: string }) => change.kind === 'variant-changed');
    expect(priceChange.fields).toContainEqual({ column: 'price', before: offer.price, after: '123.00' });
    expect(await catalogueState()).toEqual(before);

    const applied = (await manager.post(`/api/admin/catalogue/imports/${dry.id}/apply`)).json();
    const done = await finished(manager, applied.id);
    expect(done).toMatchObject({ status: 'done', applied: true, errors: [] });
    const [variant] = await queryRows<{ price_cents: number; stock: number }>(
      shop.database.db,
      sql`SELECT price_cents, stock FROM variants WHERE id = ${Number(offer.variant_id)}`,
    );
    expect(variant).toEqual({ price_cents: 12_300, stock: 7 });
    const [created] = await queryRows<{ id: number; variants: number; brand: string }>(
      shop.database.db,
      sql`SELECT o.id, (SELECT count(*)::int FROM variants WHERE offer_id = o.id) AS variants, b.short AS brand
          FROM offers o JOIN brands b ON b.id = o.brand_id WHERE o.slug = 'importiert-am-see'`,
    );
    expect(created).toMatchObject({ variants: 2, brand: 'autoclub' });
    // The shop sells it: found by its title, within the change watch's seconds.
    const deadline = Date.now() + 5_000;
    let found: number[] = [];
    while (!found.includes(created!.id) && Date.now() < deadline) {
      const answer = await shop.app.inject({
        method: 'POST',
        url: '/api/offer/search',
        headers: onAutoclub,
        payload: { query: 'Importangebot' },
      });
      found = answer.json().items.map((item: { id: number }) => item.id);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(found).toContain(created!.id);
    const [entry] = await queryRows<{ action: string; after: { variantsChanged: number } }>(
      shop.database.db,
      sql`SELECT action, after FROM audit_events WHERE subject = ${`import:${applied.id}`}`,
    );
    expect(entry).toMatchObject({
      action: 'catalogue.imported',
      after: { variantsChanged: 1, variantsCreated: 2 },
    });
  });

  it('a brand manager’s file may not touch another brand’s offer nor one sold on every brand', async () => {
    const { head, lines } = await exported(operator);
    const [ids] = await queryRows<{ other: number; shared: number }>(
      shop.database.db,
      sql`SELECT (SELECT min(id) FROM offers WHERE brand_id = (SELECT id FROM brands WHERE short = 'familyclub')) AS other,
        (SELECT min(id) FROM offers WHERE brand_id IS NULL) AS shared`,
    );
    const other = lines.find((line) => line.offer_id === String(ids!.other))!;
    const shared = lines.find((line) => line.offer_id === String(ids!.shared))!;
    const before = await catalogueState();
    const checked = await imported(
      manager,
      fileOf(head, [
        { ...other, stock: '99' },
        { ...shared, stock: '99' },
      ]),
      false,
    );
    expect(checked.applied).toBe(false);
    expect(
      checked.errors.map((error: { line: number; column: string }) => [error.line, error.column]),
    ).toEqual([
      [2, 'offer_id'],
      [3, 'offer_id'],
    ]);
    expect(await catalogueState()).toEqual(before);
  });

  it('a sale between the dry run and the import: nothing is written, the moved line is named', async () => {
    const { head, lines } = await exported(manager, '?brand=autoclub');
    const offer = lines.find((line) => line.active === '1' && Number(line.stock) > 1) as Line;
    const dry = await imported(manager, fileOf(head, [{ ...offer, price: '111,00' }]), true);
    expect(dry.changes).toHaveLength(1);
    // A customer buys one piece (what a paid order does to the variant) before the member applies.
    const sold = Number(offer.stock) - 1;
    await shop.database.db.execute(
      sql`UPDATE variants SET stock = ${sold} WHERE id = ${Number(offer.variant_id)}`,
    );
    const before = await catalogueState();
    const applied = (await manager.post(`/api/admin/catalogue/imports/${dry.id}/apply`)).json();
    const done = await finished(manager, applied.id);
    expect(done).toMatchObject({ status: 'done', applied: false });
    expect(done.errors).toEqual([
      {
        line: 2,
        column: null,
        message:
          'Das Angebot wurde seit der Prüfung geändert (z. B. verkauft). Nichts wurde importiert: bitte die Datei erneut prüfen.',
      },
    ]);
    expect(await catalogueState()).toEqual(before);
  });

  it('an empty stock cell leaves the stock alone: a sale after the dry run is kept, the price imported', async () => {
    const { head, lines } = await exported(manager, '?brand=autoclub');
    const offer = lines.find((line) => line.active === '1' && Number(line.stock) > 2) as Line;
    const variantId = Number(offer.variant_id);
    const dry = await imported(manager, fileOf(head, [{ ...offer, price: '113,00', stock: '' }]), true);
    expect(dry.errors).toEqual([]);
    expect(dry.changes.map((change: { fields: { column: string }[] }) => change.fields)).toEqual([
      [{ column: 'price', before: offer.price, after: '113.00' }],
    ]);
    const sold = Number(offer.stock) - 2;
    await shop.database.db.execute(sql`UPDATE variants SET stock = ${sold} WHERE id = ${variantId}`);
    const applied = (await manager.post(`/api/admin/catalogue/imports/${dry.id}/apply`)).json();
    expect(await finished(manager, applied.id)).toMatchObject({ status: 'done', applied: true, errors: [] });
    const [variant] = await queryRows<{ price_cents: number; stock: number }>(
      shop.database.db,
      sql`SELECT price_cents, stock FROM variants WHERE id = ${variantId}`,
    );
    expect(variant).toEqual({ price_cents: 11_300, stock: sold });
    // A new variant needs its stock.
    const fresh = await imported(
      manager,
      fileOf(head, [{ ...offer, variant_id: '', nights: String(Number(offer.nights) + 7), stock: '' }]),
      true,
    );
    expect(fresh.errors).toEqual([{ line: 2, column: 'stock', message: 'Pflichtangabe fehlt.' }]);
  });

  /**
   * Applies the dry run `dryId` while a sale of `variantId` holds the variant: the sale starts before the
   * import's check (which reads the stock as it was) and ends once the import waits for its lock.
   */
  async function applyDuringSale(dryId: number, variantId: number) {
    let endSale!: () => void;
    const saleMayEnd = new Promise<void>((resolve) => {
      endSale = resolve;
    });
    let saleStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      saleStarted = resolve;
    });
    const sale = shop.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE variants SET stock = stock - 1 WHERE id = ${variantId}`);
      saleStarted();
      await saleMayEnd;
    });
    await started;
    const applied = (await manager.post(`/api/admin/catalogue/imports/${dryId}/apply`)).json();
    const waiting = async () =>
      (
        await queryRows<{ n: number }>(
          shop.database.db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      )[0]!.n;
    const deadline = Date.now() + 10_000;
    while ((await waiting()) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await waiting(), 'the import waits for the sale’s lock').toBeGreaterThan(0);
    endSale();
    await sale;
    const done = await finished(manager, applied.id);
    const [variant] = await queryRows<{ price_cents: number; stock: number }>(
      shop.database.db,
      sql`SELECT price_cents, stock FROM variants WHERE id = ${variantId}`,
    );
    return { done, variant };
  }

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a sale while the import writes waits for it and is not undone (PostgreSQL)',
    async () => {
      const { head, lines } = await exported(manager, '?brand=autoclub');
      const offer = lines.find((line) => line.active === '1' && Number(line.stock) > 1) as Line;
      const dry = await imported(manager, fileOf(head, [{ ...offer, price: '112,00' }]), true);
      expect(dry.errors).toEqual([]);
      const { done, variant } = await applyDuringSale(dry.id, Number(offer.variant_id));
      expect(done).toMatchObject({ status: 'done', applied: false });
      expect(done.errors.map((error: { line: number }) => error.line)).toEqual([2]);
      expect(variant).toEqual({
        price_cents: Math.round(Number(offer.price) * 100),
        stock: Number(offer.stock) - 1,
      });
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'with an empty stock cell a sale while the import writes is kept, the price written (PostgreSQL)',
    async () => {
      const { head, lines } = await exported(manager, '?brand=autoclub');
      const offer = lines.find((line) => line.active === '1' && Number(line.stock) > 1) as Line;
      const dry = await imported(manager, fileOf(head, [{ ...offer, price: '114,00', stock: '' }]), true);
      expect(dry.errors).toEqual([]);
      const { done, variant } = await applyDuringSale(dry.id, Number(offer.variant_id));
      expect(done).toMatchObject({ status: 'done', applied: true, errors: [] });
      expect(variant).toEqual({ price_cents: 11_400, stock: Number(offer.stock) - 1 });
    },
  );

  it('refuses a file that is no text (a spreadsheet’s own format), storing nothing', async () => {
    const [{ count: before }] = (await queryRows<{ count: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS count FROM catalogue_imports`,
    )) as [{ count: number }];
    const answer = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/imports?dryRun=true&name=angebote.xlsx',
      headers: {
        cookie: manager.cookie,
        'x-csrf-token': manager.csrfToken,
        'content-type': 'text/csv',
        'accept-language': 'de',
      },
      payload: 'PK\u0003\u0004\u0000\u0000offer_id;price',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.json().detail).toMatch(/keine CSV-Textdatei/);
    const [{ count: after }] = (await queryRows<{ count: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS count FROM catalogue_imports`,
    )) as [{ count: number }];
    expect(after).toBe(before);
  });

  it('names missing columns and refuses another member’s import', async () => {
    const checked = await imported(operator, 'offer_id;price\r\n1;10,00', true);
    expect(checked.errors).toEqual([
      { line: 1, column: null, message: expect.stringContaining('Columns missing: offer_slug') },
    ]);
    expect((await manager.get(`/api/admin/catalogue/imports/${checked.id}`)).statusCode).toBe(404);
  });
});
