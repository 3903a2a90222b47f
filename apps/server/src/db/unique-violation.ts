/**
 * PostgreSQL's unique_violation, as pg and PGlite report it (drizzle wraps it in a cause); with `index`,
 * only one on that index (pg names it in `constraint`, PGlite in the message).
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  type Cause = { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
  for (let cause = error as Cause; cause; cause = cause.cause as Cause) {
    if (cause.code !== '23505') continue;
    if (index === undefined || `${cause.constraint ?? ''} ${cause.message ?? ''}`.includes(index))
      return true;
  }
  return false;
}
