/**
 * Every statement file, however it comes (uploaded in the back office, dropped into the inbox folder,
 * handed to `npm run bank-import`), gets a row in bank_statements and is imported through it: the back
 * office lists them all, with what became of each entry (issue 25). An uploaded file is stored in the
 * database and imported by the `bank.statement-import` job, so any process on any machine can do it.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#src/db/client.ts';
import type { JobDefinition, JobQueue } from '#src/modules/jobs/job-queue.ts';
import { importStatement } from './bank-import.ts';
import { StatementFormatError } from './camt053.ts';
import type { ImportReport } from './import-report.ts';
import type { StatementSource } from './statement-reader.ts';

type Deps = Parameters<typeof importStatement>[0];

export const statementImportJob = 'bank.statement-import';

/** Imports a file from the inbox or the command, recorded as `source`. */
export async function importRecordedStatement(
  deps: Deps,
  statement: StatementSource,
  meta: { fileName: string; source: 'inbox' | 'command' },
): Promise<ImportReport> {
  const [row] = await queryRows<{ id: number }>(
    deps.db,
    sql`INSERT INTO bank_statements (file_name, source, status)
        VALUES (${meta.fileName}, ${meta.source}, 'importing') RETURNING id`,
  );
  return runImport(deps, (row as { id: number }).id, statement);
}

/** Stores an uploaded file and queues its import, in the caller's transaction. */
export async function queueStatementUpload(
  tx: Database,
  jobs: Pick<JobQueue, 'enqueue'>,
  upload: { fileName: string; content: string; uploadedBy: string },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO bank_statements (file_name, source, content, uploaded_by)
        VALUES (${upload.fileName}, 'upload', ${upload.content}, ${upload.uploadedBy}) RETURNING id`,
  );
  const id = (row as { id: number }).id;
  await jobs.enqueue(tx, statementImportJob, { statementId: id });
  return id;
}

async function runImport(deps: Deps, id: number, statement: StatementSource): Promise<ImportReport> {
  try {
    const report = await importStatement(deps, statement, { recordId: id });
    await deps.db.execute(
      sql`UPDATE bank_statements SET status = 'done', counts = ${JSON.stringify(report.counts)}::jsonb,
            finished_at = now() WHERE id = ${id}`,
    );
    return report;
  } catch (error) {
    if (error instanceof StatementFormatError) {
      await deps.db.execute(
        sql`UPDATE bank_statements SET status = 'failed', problem = ${JSON.stringify(error.problem)}::jsonb,
              finished_at = now() WHERE id = ${id}`,
      );
    }
    throw error;
  }
}

/**
 * Imports an uploaded file. A retry after a crash imports it again: entries already booked are skipped
 * (the import is idempotent), so nothing is paid twice; a file that is no statement is recorded as failed.
 */
export function statementImportJobDefinition(deps: Deps): JobDefinition<{ statementId: number }> {
  return {
    name: statementImportJob,
    retryLimit: 5,
    retryDelaySeconds: 10,
    expireInSeconds: 600,
    async run({ statementId }) {
      const [row] = await queryRows<{ content: string | null; status: string }>(
        deps.db,
        sql`UPDATE bank_statements SET status = 'importing' WHERE id = ${statementId} AND status <> 'done'
            RETURNING content, status`,
      );
      if (!row?.content) return;
      await runImport(deps, statementId, Buffer.from(row.content, 'utf8')).catch((error: unknown) => {
        if (!(error instanceof StatementFormatError)) throw error;
      });
    },
  };
}
