import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '#src/db/client.ts';

/** PostgreSQL allows 65535 bind parameters per statement; stay well below. */
const maxParameters = 60_000;
const maxRowsPerStatement = 1000;

/** Multi-row INSERTs, sized so every statement stays under the parameter limit. */
export async function insertRows<TTable extends PgTable>(
  db: Database,
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
): Promise<void> {
  const columnCount = Object.keys(getTableColumns(table)).length;
  const chunkSize = Math.min(maxRowsPerStatement, Math.floor(maxParameters / columnCount));
  for (let start = 0; start < rows.length; start += chunkSize) {
    await db.insert(table).values(rows.slice(start, start + chunkSize) as TTable['$inferInsert'][]);
  }
}

/** Serial columns do not advance when rows bring their own ids; move each sequence past the largest. */
export async function resetSequences(db: Database, tableNames: readonly string[]): Promise<void> {
  for (const tableName of tableNames) {
    await db.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('${tableName}', 'id'), (SELECT max(id) FROM ${tableName}))`,
      ),
    );
  }
}
