import type { Locale } from '@shop/contracts/locale';
import { isMessageKey, isSentence, wordIssue } from '@shop/contracts/messages';
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType, z } from 'zod';
import { de, en, it } from 'zod/locales';

/** Thrown by the validator; the error handler renders it in the caller's language. */
export class RequestValidationError extends Error {
  constructor(
    readonly part: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super('request validation failed');
  }
}

export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // reportInput keeps the received value on each issue, so messages can say what was wrong with it.
    const result = schema.safeParse(data, { reportInput: true });
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(httpPart ?? 'body', result.error.issues) };
  };

const zodLocales: Record<Locale, () => { localeError: z.core.$ZodErrorMap }> = { de, en, it };
const localeErrorMaps = Object.fromEntries(
  Object.entries(zodLocales).map(([locale, load]) => [locale, load().localeError]),
) as Record<Locale, z.core.$ZodErrorMap>;

/**
 * The issues in the caller's language: `errors` has one entry per issue (`field` is the dotted path);
 * `detail` joins them with ';' (SPEC §8: the storefront shows each part as one error). A part is the
 * message itself when it is a sentence of ours (naming its field where it needs one, "Vorname ist ein
 * Pflichtfeld."), else the path and the message ("page: must be between 1 and 10000").
 */
export function describeIssues(
  issues: z.core.$ZodIssue[],
  locale: Locale,
): { detail: string; errors: { field: string; message: string }[] } {
  const described = issues.map((issue) => {
    const field = issue.path.length > 0 ? issue.path.join('.') : '(root)';
    const message = localiseIssue(issue, locale);
    const isWhole = isMessageKey(issue.message) && isSentence(issue.message);
    return { field, message, part: isWhole ? message : `${field}: ${message}` };
  });
  return {
    detail: described.map((entry) => entry.part).join(';'),
    errors: described.map(({ field, message }) => ({ field, message })),
  };
}

function localiseIssue(issue: z.core.$ZodIssue, locale: Locale): string {
  const ours = wordIssue(issue, locale);
  if (ours !== null) return ours;
  const localised = localeErrorMaps[locale](issue as never);
  if (typeof localised === 'string') return localised;
  return localised?.message ?? issue.message;
}
