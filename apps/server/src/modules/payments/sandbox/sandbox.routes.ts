import { negotiateLocale } from '@shop/contracts/locale';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import type { ProviderName } from '../payment-provider.ts';
import { findSandboxPayment, type SandboxPayment, setSandboxState } from './sandbox.repository.ts';
import {
  renderSandboxNotFoundPage,
  renderSandboxPage,
  type SandboxAction,
  sandboxActions,
} from './sandbox-page.ts';
import { sandboxProviderLabel } from './sandbox-providers.ts';

const stateByAction = {
  approve: 'approved',
  cancel: 'cancelled',
  decline: 'declined',
  timeout: 'timeout',
  expire: 'expired',
} as const satisfies Record<SandboxAction, string>;

type PageParams = { provider: string; id: string };
type ActionParams = PageParams & { action: string };

/**
 * The simulator's approval pages (PAYMENTS_MODE=sandbox only; the caller decides):
 *   GET  /sandbox/:provider/:id          the page with Approve / Cancel / Decline / Time-out / Approve too late
 *   POST /sandbox/:provider/:id/:action  records the choice and sends the customer back like the provider would
 */
export async function registerSandboxRoutes(app: FastifyInstance, db: Database): Promise<void> {
  await app.register(async (scope) => {
    // The forms post nothing but their URL; accept any body (a browser sends an empty urlencoded one)
    // here only, without touching the API's JSON-only parsing.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

    scope.get<{ Params: PageParams }>(
      '/sandbox/:provider/:id',
      { schema: { hide: true } },
      async (request, reply) => {
        const provider = providerOf(request.params.provider);
        const isOurId = sandboxIdPattern.test(request.params.id);
        const payment = provider && isOurId ? await findSandboxPayment(db, request.params.id) : undefined;
        if (!provider || !payment || payment.provider !== provider) return notFound(request, reply);
        return sendPage(
          reply,
          200,
          renderSandboxPage({
            locale: negotiateLocale(request.headers['accept-language']),
            provider,
            providerLabel: sandboxProviderLabel[provider],
            payment,
            returnUrl: returnUrlOf(payment),
          }),
        );
      },
    );

    scope.post<{ Params: ActionParams }>(
      '/sandbox/:provider/:id/:action',
      { schema: { hide: true } },
      async (request, reply) => {
        const provider = providerOf(request.params.provider);
        const action = sandboxActions.find((name) => name === request.params.action);
        const isOurId = sandboxIdPattern.test(request.params.id);
        const known = provider && isOurId ? await findSandboxPayment(db, request.params.id) : undefined;
        if (!provider || !action || !known || known.provider !== provider) return notFound(request, reply);
        const payment = (await setSandboxState(db, known.id, stateByAction[action])) ?? known;
        // A captured payment stays captured; its customer is sent back to the shop as after an approval.
        const target =
          action === 'cancel' && payment.state !== 'captured' ? payment.cancel_url : returnUrlOf(payment);
        return reply.header('cache-control', 'no-store').redirect(target, 303);
      },
    );
  });
}

/** Sandbox ids are url-safe (`SBX-PP-…`); anything else is no payment of ours and never reaches SQL. */
const sandboxIdPattern = /^[A-Za-z0-9_-]{1,100}$/;

function providerOf(value: string): ProviderName | undefined {
  return value === 'paypal' || value === 'amazonpay' ? value : undefined;
}

/** The return URL with the parameters the real provider appends (PayPal: token, PayerID). */
function returnUrlOf(payment: SandboxPayment): string {
  const parameters =
    payment.provider === 'paypal'
      ? `token=${encodeURIComponent(payment.id)}&PayerID=SANDBOXPAYER`
      : `amazonCheckoutSessionId=${encodeURIComponent(payment.id)}`;
  return appendQuery(payment.return_url, parameters);
}

export function appendQuery(url: string, parameters: string): string {
  const hashAt = url.indexOf('#');
  const [base, hash] = hashAt === -1 ? [url, ''] : [url.slice(0, hashAt), url.slice(hashAt)];
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}${parameters}${hash}`;
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return sendPage(reply, 404, renderSandboxNotFoundPage(negotiateLocale(request.headers['accept-language'])));
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(html);
}
