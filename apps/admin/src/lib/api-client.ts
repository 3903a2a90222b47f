import { adminCsrfHeader } from '@shop/contracts/staff-session';
import type { ZodType } from 'zod';
import { currentLocale } from '../i18n/language.ts';

/**
 * A problem+json answer (RFC 9457) as the UI needs it: the status, the stable `type` to react to, and
 * `title`/`detail`, already worded by the server in the language the call asked for.
 */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail: string | null,
    /** A validation problem's fields (`errors[].field`: the dotted path), each with its message. */
    readonly errors: { field: string; message: string }[] = [],
  ) {
    super(detail ?? title);
    this.name = 'ApiProblem';
  }

  /** True for the problem type `name`; the server may send it bare or as a URI ending in it. */
  is(name: string): boolean {
    return this.type === name || this.type.endsWith(`/${name}`);
  }
}

/** The session's CSRF token, sent as `x-csrf-token` on every call that changes something. */
let csrfToken: string | null = null;
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

type ProblemListener = (problem: ApiProblem) => void;
let onAuthProblem: ProblemListener = () => {};
/**
 * Who hears a 401 (signed out, session ended) or a 403 `totp-setup-required` from any call: the router
 * (app.tsx), which sends the user to the sign-in or the second-factor set-up.
 */
export function onAuthenticationProblem(listener: ProblemListener): void {
  onAuthProblem = listener;
}

type Call<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own content type (a file: a bank statement's XML). */
  raw?: { content: Blob | string; contentType: string };
  /** The contract's schema of the answer; omitted for answers without a body (204). */
  answer?: ZodType<T>;
  /** Sign-in itself answers 401 for a wrong password: that must not send anyone anywhere. */
  isSignIn?: boolean;
  /** More request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
};

/**
 * The one way the back office calls the API: same-origin cookies (the staff session cookie lives on
 * /api/admin), the UI's language, the CSRF header on every non-GET, problems as `ApiProblem`.
 */
export async function apiCall<T = void>(path: string, call: Call<T> = {}): Promise<T> {
  const method = call.method ?? 'GET';
  const headers: Record<string, string> = {
    ...call.headers,
    accept: 'application/json',
    'accept-language': currentLocale(),
  };
  if (method !== 'GET') {
    if (csrfToken) headers[adminCsrfHeader] = csrfToken;
    if (call.raw) headers['content-type'] = call.raw.contentType;
    else if (call.body !== undefined) headers['content-type'] = 'application/json';
  }
  const body = call.raw ? call.raw.content : call.body !== undefined ? JSON.stringify(call.body) : undefined;
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    ...(body !== undefined ? { body } : {}),
  });
  if (!response.ok) {
    const problem = await readProblem(response);
    if (!call.isSignIn && (problem.status === 401 || problem.is('totp-setup-required'))) {
      onAuthProblem(problem);
    }
    throw problem;
  }
  if (response.status === 204 || !call.answer) return undefined as T;
  // Parsed with the contract: a server that drifted from it fails here, loudly, not in a screen.
  return call.answer.parse(await response.json());
}

async function readProblem(response: Response): Promise<ApiProblem> {
  const body = (await response.json().catch(() => null)) as {
    type?: unknown;
    title?: unknown;
    detail?: unknown;
    errors?: unknown;
  } | null;
  const errors = Array.isArray(body?.errors)
    ? body.errors.filter(
        (entry): entry is { field: string; message: string } =>
          typeof entry?.field === 'string' && typeof entry?.message === 'string',
      )
    : [];
  return new ApiProblem(
    response.status,
    typeof body?.type === 'string' ? body.type : `http-${response.status}`,
    typeof body?.title === 'string' ? body.title : response.statusText,
    typeof body?.detail === 'string' ? body.detail : null,
    errors,
  );
}

/** Query-string of the defined, non-empty values. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
