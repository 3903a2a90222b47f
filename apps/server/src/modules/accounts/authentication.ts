import type { FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { HttpProblem } from '#src/http/problem.ts';
import { assertSameSite } from '#src/http/same-site.ts';
import type { AccessTokens } from './access-tokens.ts';
import { type CustomerRow, findSignedInCustomer } from './accounts.repository.ts';

/** The customer a request is signed in as, and the session its token belongs to. */
export type SignedIn = { customer: CustomerRow; sessionId: string };

/** SPEC §6/§8: a 401 with error code 101 opens the login window; the request is replayed after login. */
export function signInRequired(): HttpProblem {
  return new HttpProblem(401, 'unauthorized', 'a valid access token is required', undefined, 101);
}

export type Authentication = {
  /**
   * The signed-in customer, or null for a request without an Authorization header. A token that is sent
   * but not valid (expired, forged, of an ended session or another brand) is a 401/101, not an anonymous
   * request: an order closed with it would otherwise silently not join the account.
   */
  optional(request: FastifyRequest): Promise<SignedIn | null>;
  /** The signed-in customer; 401/101 without one. */
  required(request: FastifyRequest): Promise<SignedIn>;
};

export function createAuthentication(db: Database, tokens: AccessTokens): Authentication {
  // A request asks at most once, however many of its steps want to know.
  const asked = new WeakMap<FastifyRequest, Promise<SignedIn | null>>();

  const read = async (request: FastifyRequest): Promise<SignedIn | null> => {
    const header = request.headers.authorization;
    if (header === undefined) return null;
    assertSameSite(request);
    const match = /^Bearer ([A-Za-z0-9_.-]{1,4096})$/.exec(header);
    if (!match?.[1]) throw signInRequired();
    const claims = await tokens.verify(match[1]);
    if (!claims || claims.brandId !== request.brand.id) throw signInRequired();
    const customer = await findSignedInCustomer(db, claims);
    if (!customer) throw signInRequired();
    return { customer, sessionId: claims.sessionId };
  };

  const optional = (request: FastifyRequest) => {
    let answer = asked.get(request);
    if (!answer) {
      answer = read(request);
      asked.set(request, answer);
    }
    return answer;
  };

  return {
    optional,
    async required(request) {
      const signedIn = await optional(request);
      if (!signedIn) throw signInRequired();
      return signedIn;
    },
  };
}
