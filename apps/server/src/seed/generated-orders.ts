/**
 * Generated orders for measuring the back office (`npm run seed -- --orders N`, issue 25): N orders over
 * the last two years across every brand, with customers, one line each, and for the paid ones their
 * vouchers (real, checkable codes) and invoices, so that every kind of search has something to find.
 * Deterministic in shape (statuses, names, dates follow the order's number); written in batches of
 * plain INSERT … SELECT, so a million orders take minutes, not hours. Not demo data: no mails, no
 * payments at a provider.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import { newVoucherCode } from '#src/modules/vouchers/voucher-code.ts';

const batchSize = 50_000;

const firstNames = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Elena',
  'Felix',
  'Greta',
  'Hannes',
  'Ida',
  'Jonas',
  'Klara',
  'Lukas',
  'Marie',
  'Noah',
  'Olga',
  'Paul',
  'Quirin',
  'Rosa',
  'Simon',
  'Tina',
  'Ugo',
  'Valentina',
  'Wilhelm',
  'Zoe',
];
const lastNames = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Huber',
  'Gruber',
  'Bauer',
  'Pichler',
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Wilson',
  'Evans',
  'Moser',
  'Steiner',
  'Hofer',
  'Leitner',
];

/**
 * Surnames as varied as a real customer base's: 30 stems with 40 endings make 1,200, the commonest
 * about 0.1 % of the orders (Müller is about 0.3 % of Germans), so a surname's start finds hundreds
 * of orders, not a thirtieth of all of them.
 */
const surnameEndings = [
  '',
  'er',
  'mann',
  'inger',
  'hofer',
  'berger',
  'bauer',
  'maier',
  'huber',
  'brunner',
  'eder',
  'lechner',
  'moser',
  'wimmer',
  'reiter',
  'winkler',
  'lang',
  'haas',
  'graf',
  'fuchs',
  'i',
  'etti',
  'ini',
  'one',
  'ello',
  'otti',
  'ucci',
  'ardi',
  'ani',
  'elli',
  'son',
  'ton',
  'ley',
  'ford',
  'well',
  'wood',
  'field',
  'stein',
  'thal',
  'feld',
];
const surnames = lastNames.flatMap((stem) => surnameEndings.map((ending) => stem + ending));

const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

export async function generateOrders(
  db: Database,
  count: number,
  log: (message: string) => void = () => {},
): Promise<void> {
  const brandIds = (await queryRows<{ id: number }>(db, sql`SELECT id FROM brands ORDER BY id`)).map(
    (row) => row.id,
  );
  const variants = await queryRows<{ id: number; price_cents: number }>(
    db,
    sql`SELECT id, price_cents FROM variants ORDER BY id LIMIT 5000`,
  );
  if (brandIds.length === 0 || variants.length === 0) throw new Error('seed the catalogue before orders');
  const [start] = await queryRows<{ next: number }>(
    db,
    sql`SELECT coalesce(max(id), 0) + 1 AS next FROM orders`,
  );
  const first = start?.next ?? 1;
  for (let from = first; from < first + count; from += batchSize) {
    const to = Math.min(from + batchSize, first + count) - 1;
    await db.execute(sql`
      INSERT INTO orders (id, order_key, brand_id, status, currency, locale, payment_type, customer_data,
        subtotal_cents, discount_cents, total_cents, created_at, updated_at, closed_at, paid_at, hold_until)
      SELECT g, md5('order-' || g), (${sql.param(brandIds)}::int[])[1 + g % ${brandIds.length}],
        CASE WHEN b < 70 THEN 'paid' WHEN b < 78 THEN 'awaiting-payment' WHEN b < 90 THEN 'cancelled' ELSE 'expired' END,
        'EUR', (ARRAY['de','de','de','en','it'])[1 + g % 5],
        CASE WHEN b < 70 THEN (ARRAY['paypal','amazonpay','wiretransfer','credit'])[1 + (g / 7) % 4] ELSE 'wiretransfer' END,
        jsonb_build_object('firstName', fn, 'lastName', ln,
          'email', lower(translate(fn || '.' || ln, 'üöä', 'uoa')) || '.' || g || '@example.org',
          'street', 'Hauptstraße', 'houseNumber', (1 + g % 120)::text, 'postcode', lpad((10000 + g % 89999)::text, 5, '0'),
          'city', 'München', 'country', 'DE', 'membershipNumber', '', 'newsletter', false, 'gender', 10),
        price, 0, price, at, at, at,
        CASE WHEN b < 70 THEN at + interval '5 minutes' END,
        CASE WHEN b >= 70 AND b < 78 THEN at + interval '10 days' END
      FROM (
        SELECT g, ((g::bigint * 37) % 100)::int AS b,
          (${textArray(firstNames)})[(1 + (g::bigint * 7) % ${firstNames.length})::int] AS fn,
          (${textArray(surnames)})[(1 + (g::bigint * 7919) % ${surnames.length})::int] AS ln,
          (${sql.param(variants.map((variant) => variant.price_cents))}::int[])[1 + g % ${variants.length}] AS price,
          now() - make_interval(secs => ((g::bigint * 104729) % (730 * 86400))::int) AS at
        FROM generate_series(${from}::int, ${to}::int) g
      ) o`);
    await db.execute(sql`
      INSERT INTO order_items (order_id, variant_id, quantity, unit_price_cents)
      SELECT g, (${sql.param(variants.map((variant) => variant.id))}::int[])[1 + g % ${variants.length}], 1,
        (${sql.param(variants.map((variant) => variant.price_cents))}::int[])[1 + g % ${variants.length}]
      FROM generate_series(${from}::int, ${to}::int) g`);
    await addVouchersAndInvoices(db, from, to);
    log(`seed: orders ${to - first + 1} of ${count}`);
  }
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders))`);
  // The shop's own invoices go on after the generated ones.
  await db.execute(sql`
    INSERT INTO invoice_counters (brand_id, year, last_number)
    SELECT brand_id, year, max(number) FROM invoices GROUP BY brand_id, year
    ON CONFLICT (brand_id, year) DO UPDATE SET last_number = greatest(invoice_counters.last_number, excluded.last_number)`);
  await db.execute(sql`ANALYZE orders`);
  await db.execute(sql`ANALYZE vouchers`);
  await db.execute(sql`ANALYZE invoices`);
}

/** The paid orders of the batch get a voucher (a code made as the shop makes them) and an invoice. */
async function addVouchersAndInvoices(db: Database, from: number, to: number): Promise<void> {
  const paid = await queryRows<{ id: number; item_id: number }>(
    db,
    sql`SELECT o.id, i.id AS item_id FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.id BETWEEN ${from} AND ${to} AND o.status = 'paid' ORDER BY o.id`,
  );
  const codes = paid.map(() => newVoucherCode());
  await db.execute(sql`
    INSERT INTO vouchers (order_id, order_item_id, code, valid_until, created_at)
    SELECT p.id, p.item_id, p.code, o.paid_at + interval '3 years', o.paid_at
    FROM unnest(${sql.param(paid.map((row) => row.id))}::int[], ${sql.param(paid.map((row) => row.item_id))}::int[],
      ${sql.param(codes)}::text[]) AS p(id, item_id, code)
    JOIN orders o ON o.id = p.id
    ON CONFLICT (code) DO NOTHING`);
  await db.execute(sql`
    UPDATE orders o SET voucher_count = v.n
    FROM (SELECT order_id, count(*)::int AS n FROM vouchers WHERE order_id BETWEEN ${from} AND ${to} GROUP BY order_id) v
    WHERE v.order_id = o.id`);
  // Numbered per brand and year after those already issued, as the shop numbers them.
  await db.execute(sql`
    INSERT INTO invoices (order_id, brand_id, year, number, invoice_number, total_cents, issued_at)
    SELECT n.id, n.brand_id, n.year, n.number,
      upper(n.short) || '-' || n.year || '-' || lpad(n.number::text, 6, '0'), n.total_cents, n.paid_at
    FROM (
      SELECT o.id, o.brand_id, b.short, o.total_cents, o.paid_at,
        extract(year FROM o.paid_at AT TIME ZONE 'Europe/Berlin')::int AS year,
        coalesce((SELECT max(number) FROM invoices i WHERE i.brand_id = o.brand_id
          AND i.year = extract(year FROM o.paid_at AT TIME ZONE 'Europe/Berlin')::int), 0)
          + row_number() OVER (PARTITION BY o.brand_id, extract(year FROM o.paid_at AT TIME ZONE 'Europe/Berlin') ORDER BY o.id)
          AS number
      FROM orders o JOIN brands b ON b.id = o.brand_id
      WHERE o.id BETWEEN ${from} AND ${to} AND o.status = 'paid'
    ) n`);
}
