import { ProviderUnavailableError } from './payment-provider.ts';

/** The fetch the adapters call; tests inject one to route certificate downloads to fixtures. */
export type Fetch = typeof globalThis.fetch;

/**
 * The provider refused the request for a reason retrying will not fix (bad credentials, a request it
 * calls invalid, an unknown resource): a configuration or programming error, not a payment outcome.
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/**
 * The provider accepted the capture but has not settled it yet (PayPal capture PENDING, Amazon Pay
 * 202): the outcome is unknown until its notification arrives, so the order keeps waiting.
 */
export class CapturePendingError extends ProviderUnavailableError {
  override name = 'CapturePendingError';
}

export type ProviderResponse = { status: number; body: unknown; headers: Headers };

/**
 * One HTTP call to a provider with a deadline. A time-out, a broken connection, 429 and 5xx all mean
 * "we do not know what happened" and become ProviderUnavailableError; every other answer, including
 * 4xx, is returned for the adapter to interpret.
 */
export async function callProvider(
  fetchImpl: Fetch,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  timeoutMs: number,
  label: string,
): Promise<ProviderResponse> {
  let response: Response;
  let text: string;
  try {
    // The signal also covers reading the body: a provider that stalls mid-answer times out too.
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'is unreachable';
    throw new ProviderUnavailableError(`${label} ${reason}`, { cause: error });
  }
  if (response.status >= 500 || response.status === 429) {
    throw new ProviderUnavailableError(`${label} answered ${response.status}`);
  }
  return { status: response.status, body: parseJson(text), headers: response.headers };
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Reads a nested field of an untyped provider answer without a cascade of casts. */
export function field(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

export function stringField(value: unknown, ...path: (string | number)[]): string | undefined {
  const found = field(value, ...path);
  return typeof found === 'string' ? found : undefined;
}

/** The first value of a header as Node hands them over (lower-case names, arrays for repeats). */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
