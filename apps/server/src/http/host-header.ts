import type { Locale } from '@shop/contracts/locale';
import type { FastifyRequest } from 'fastify';
import { HttpProblem } from './problem.ts';

/**
 * A host name (RFC 1123 labels; underscores, which some internal names carry, allowed), an IPv4
 * address or a bracketed IPv6 address, with an optional port.
 */
const hostPattern =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

/**
 * Whether `value` is a Host header a client may send; the port, when given, must be a real one. The
 * host must also make a URL: a name whose last label is a number (`x.1`, `demo.0`) is read as an IPv4
 * address by URL parsers and fails there, so every page rendered for it would fail (issue 23).
 */
export function isValidHost(value: string | undefined): boolean {
  if (!value || value.length > 255) return false;
  const match = hostPattern.exec(value);
  if (!match) return false;
  const port = match[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  return URL.canParse(`http://${value}/`);
}

const invalidHost: Record<Locale, string> = {
  de: 'kein gültiger Hostname',
  en: 'not a valid host name',
  it: 'nome host non valido',
};

/** Answers whether a request's Host may be served: undefined when it may, the 400 to answer when not. */
export type HostCheck = (request: FastifyRequest) => HttpProblem | undefined;

/**
 * The brand is chosen by host, so a malformed Host (`a b`, empty, `localhost:99999`, `x.1`) is the
 * client's mistake: a 400 before anything reads it. Behind a trusted proxy the forwarded host counts instead.
 * Run by the request context's hook (request-context.ts), not a hook of its own: each hook is work on
 * every request.
 */
export function createHostCheck(options: { trustProxy: boolean }): HostCheck {
  // A shop is asked under a handful of names: each is checked once. Bounded, so that a flood of
  // made-up names costs memory only up to that (then every name is checked again).
  const validHosts = new Set<string>();
  return (request) => {
    const forwarded = options.trustProxy ? request.headers['x-forwarded-host'] : undefined;
    const host = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : request.headers.host;
    if (host !== undefined && validHosts.has(host)) return undefined;
    if (!isValidHost(host))
      return new HttpProblem(400, 'validation-error', `Host: ${invalidHost[request.locale]}`);
    if (validHosts.size >= 1_000) validHosts.clear();
    validHosts.add(host as string);
    return undefined;
  };
}
