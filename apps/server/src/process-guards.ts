import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable, outageLog } from './db/database-unavailable.ts';

/**
 * A promise rejected with nobody to handle it ends a Node process. Libraries sometimes leave one: pg-boss
 * 10 completes and fails jobs without awaiting the query (src/manager.js, `onFetch`), so a connection the
 * database drops at that moment would take the whole process down, and with it every request it serves.
 * Such a rejection caused by an unreachable database is logged (once a minute while it lasts) and the
 * process goes on (docs/decisions/023-database-failover.md); anything else still ends the process, as a
 * bug should, but through the JSON log instead of a stack trace on stderr.
 */
export function guardAgainstDatabaseOutages(log: FastifyBaseLogger): void {
  const logOutage = outageLog(log, 'database unavailable: a background query failed, going on');
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      logOutage(reason);
      return;
    }
    log.fatal({ err: reason }, 'unhandled promise rejection: stopping');
    process.exit(1);
  });
}
