import type { FastifyServerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';

/**
 * Logs carry no personal data (GDPR art. 5(1)(c), and logs travel to more places than the database):
 * known fields are redacted wherever they appear, and errors are written without the values a failed
 * query was given or that the database repeats in its detail ("Key (email)=(…) already exists").
 */
const personalFields = [
  'email',
  'eMail',
  'userName',
  'password',
  'oldPassword',
  'newPassword',
  'firstName',
  'lastName',
  'name',
  'street',
  'streetNumber',
  'houseNumber',
  'zip',
  'postcode',
  'city',
  'phone',
  'birthday',
  'iban',
  'token',
  'key',
  'authorization',
  'cookie',
];

/**
 * Explicit paths only: pino compiles them into one function, while wildcards (`*.email`) made every
 * request's child logger cost 9–23 µs instead of under 1 µs (bench/RESULTS.md, edge overhead). Personal
 * data is logged as a field of its own or of `customer`/`body`; errors go through `serializeError`.
 */
export const redactPaths = [
  ...personalFields.flatMap((field) => [field, `customer.${field}`, `body.${field}`]),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/** What of an error is safe to log: its kind, message and stack without query parameters or row values. */
export type LoggedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  cause?: LoggedError;
};

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '(not an Error)', stack: '' };
  const withFields = error as Error & { code?: unknown; constraint?: unknown; cause?: unknown };
  const logged: LoggedError = {
    type: error.constructor?.name ?? 'Error',
    message: withoutValues(error.message),
    stack: withoutValues(error.stack ?? ''),
  };
  if (typeof withFields.code === 'string') logged.code = withFields.code;
  if (typeof withFields.constraint === 'string') logged.constraint = withFields.constraint;
  if (withFields.cause !== undefined && depth < 3) logged.cause = serializeError(withFields.cause, depth + 1);
  return logged;
}

/**
 * Drizzle appends "params: …" to a failed query's message; PostgreSQL quotes the value it could not
 * take ('invalid input syntax for type integer: "anna@…"') and repeats keys ("Key (email)=(…)").
 */
function withoutValues(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]')
    .replace(/=\([^)]*\)/g, '=(…)')
    .replace(/: "[^"\n]*"/g, ': "…"');
}

/**
 * An order's key is a long random secret in API paths and order-page addresses (`/view/:id/:key`): a
 * log that keeps it hands out access to the buyer's data. A long base64url path segment with a capital
 * letter is masked (our slugs are lower case). Query values that may hold a person's address or name are
 * masked too: the back office's search boxes (`query`, the audit's `staff`) and the shop's search (`q`).
 */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const masked = path.replace(/\/(?=[A-Za-z0-9_-]*[A-Z])[A-Za-z0-9_-]{20,}(?=\/|$)/g, '/…');
  return query === undefined
    ? masked
    : `${masked}?${query.replace(/(^|&)(email|token|key|query|staff|q)=[^&]*/gi, '$1$2=…')}`;
}

/** pino's options: the level, the redaction above and the error serializer. */
export function logOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
  };
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return level === 'silent' ? false : logOptions(level);
}
