import type { Locale } from '@shop/contracts/locale';
import { isMessageKey, validationMessages } from '@shop/contracts/messages';
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

/** One message per invalid field, in the caller's language; `field` is the dotted path. */
export function describeIssues(
  issues: z.core.$ZodIssue[],
  locale: Locale,
): { field: string; message: string }[] {
  return issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : '(root)',
    message: localiseIssue(issue, locale),
  }));
}

function localiseIssue(issue: z.core.$ZodIssue, locale: Locale): string {
  if (isMessageKey(issue.message)) return validationMessages[issue.message][locale];
  const localised = localeErrorMaps[locale](issue as never);
  if (typeof localised === 'string') return localised;
  return localised?.message ?? issue.message;
}
