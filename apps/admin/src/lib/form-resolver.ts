import { zodResolver } from '@hookform/resolvers/zod';
import type { Locale } from '@shop/contracts/locale';
import { formatMessage, isMessageKey } from '@shop/contracts/messages';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's zod resolver with the contract's own schema, and messages in the UI's language:
 * a message key of ours (messages.ts, e.g. unsafe characters) is worded by the contracts; zod's own
 * English messages are replaced by the field's message from the dictionary.
 */
export function contractResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  locale: Locale,
  messages: Partial<Record<string, string>>,
  fallback: string,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<
    z.input<Schema>,
    unknown,
    z.output<Schema>
  >;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors = result.errors as FieldErrors;
    for (const [field, error] of Object.entries(errors)) {
      if (!error || typeof error.message !== 'string') continue;
      error.message = isMessageKey(error.message)
        ? formatMessage(error.message, locale, { field })
        : (messages[field] ?? fallback);
    }
    return result;
  };
}
