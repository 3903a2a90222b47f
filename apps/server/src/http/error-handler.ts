import type { Socket } from 'node:net';
import { type Locale, negotiateLocale } from '@shop/contracts/locale';
import type { Problem, ProblemType } from '@shop/contracts/problem';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { databaseOutage, isDatabaseUnavailable, outageLog } from '#src/db/database-unavailable.ts';
import { HttpProblem, problemTitles } from './problem.ts';
import { describeIssues, RequestValidationError } from './validation.ts';

const typeByStatus: Record<number, ProblemType> = {
  400: 'validation-error',
  404: 'not-found',
  405: 'method-not-allowed',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'too-many-requests',
  503: 'service-unavailable',
};

export function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  problem: {
    status: number;
    type: ProblemType;
    detail?: string | undefined;
    errors?: Problem['errors'];
    code?: number | undefined;
    extensions?: Record<string, string | number> | undefined;
  },
): FastifyReply {
  const locale: Locale = request.locale ?? 'de';
  const body: Problem = {
    ...problem.extensions,
    type: problem.type,
    title: problemTitles[problem.type][locale],
    status: problem.status,
    ...(problem.detail !== undefined ? { detail: problem.detail } : {}),
    instance: request.url,
    ...(problem.errors ? { errors: problem.errors } : {}),
    ...(problem.code !== undefined ? { code: problem.code } : {}),
  };
  return reply.code(problem.status).type('application/problem+json').send(body);
}

/**
 * The one place that turns errors into responses: client mistakes become 4xx problem+json in the
 * caller's language; anything else is logged with the request and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const noteUnavailable = outageLog(app.log, 'database unavailable: answering 503 until it is back');
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RequestValidationError) {
      // SPEC §8: the storefront splits detail on ';' and shows each part as one error.
      const { detail, errors } = describeIssues(error.issues, request.locale);
      return sendProblem(reply, request, { status: 400, type: 'validation-error', detail, errors });
    }
    if (error instanceof HttpProblem) {
      return sendProblem(reply, request, error);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, request, {
        status,
        type: typeByStatus[status] ?? 'validation-error',
        detail: clientErrorDetail(error),
      });
    }
    if (isDatabaseUnavailable(error)) {
      // A failover or restart of PostgreSQL: the next request gets a fresh connection, so the client is
      // told to try again shortly rather than that something broke.
      noteUnavailable(error);
      databaseOutage.noteMet();
      reply.header('retry-after', String(databaseRetryAfterSeconds));
      return sendProblem(reply, request, {
        status: 503,
        type: 'service-unavailable',
        detail: databaseUnavailableDetail[request.locale ?? 'de'],
      });
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, request, { status: 500, type: 'internal-error' });
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, request, {
      status: 404,
      type: 'not-found',
      detail: `${request.method} ${request.url}`,
    }),
  );
}

/** Seconds a client is asked to wait after a 503 for an unreachable database (a failover takes a few). */
export const databaseRetryAfterSeconds = 5;

export const databaseUnavailableDetail: Record<Locale, string> = {
  de: 'Der Shop ist gerade kurz nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden noch einmal.',
  en: 'The shop is briefly unavailable. Please try again in a few seconds.',
  it: 'Il negozio non è raggiungibile per un momento. Si prega di riprovare tra qualche secondo.',
};

/**
 * Errors Fastify raises before a request reaches hooks and routes (a URL that does not decode, a
 * failed constraint): the same problem+json as every other client mistake.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.locale = negotiateLocale(request.headers['accept-language']);
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  sendProblem(reply, request, {
    status,
    type: typeByStatus[status] ?? 'validation-error',
    detail: error.code === 'FST_ERR_BAD_URL' ? badAddress[request.locale] : undefined,
  });
}

const badAddress: Record<Locale, string> = {
  de: 'Die Adresse ist ungültig.',
  en: 'The address is not valid.',
  it: "L'indirizzo non è valido.",
};

/**
 * A request Node's HTTP parser rejects (a malformed request line or header) never becomes a request;
 * it is answered on the socket, still as problem+json.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const isTooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = isTooLarge ? 431 : 400;
  const body = JSON.stringify({
    type: 'validation-error',
    title: problemTitles['validation-error'].en,
    status,
    detail: isTooLarge ? 'The request headers are too large.' : 'The request is malformed.',
  });
  socket.end(
    `HTTP/1.1 ${status} ${isTooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      'Content-Type: application/problem+json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Fastify's own messages for malformed bodies are safe to show; they carry no internals. */
function clientErrorDetail(error: FastifyError): string | undefined {
  return error.code?.startsWith('FST_ERR_CTP') || error.code === 'FST_ERR_VALIDATION'
    ? error.message
    : undefined;
}
