import { type Traveller, travellerSchema } from '@shop/contracts/insurance';
import type { Locale } from '@shop/contracts/locale';
import { formatMessage, isMessageKey, wordIssue } from '@shop/contracts/messages';
import {
  errorKey,
  type TravellerErrors,
  type TravellerField,
  type TravellerValues,
} from './insurance-form.ts';

/**
 * The travellers checked with the schema the server enforces (`travellerSchema`), worded as the server
 * words them (SPEC §5, the field's name in the message). Loaded with the form: zod is not part of the
 * order page's first JavaScript.
 */
export type TravellerValidation =
  | { ok: true; travellers: Traveller[] }
  | { ok: false; errors: TravellerErrors };

export function validateTravellers(values: TravellerValues[], locale: Locale): TravellerValidation {
  const travellers: Traveller[] = [];
  const errors: TravellerErrors = {};
  for (const [index, value] of values.entries()) {
    const result = travellerSchema.safeParse(value);
    if (result.success) {
      travellers.push(result.data);
      continue;
    }
    for (const issue of result.error.issues) {
      const field = issue.path[0] as TravellerField;
      errors[errorKey(index, field)] ??=
        wordIssue(issue, locale) ??
        formatMessage(isMessageKey(issue.message) ? issue.message : 'invalid', locale, { field });
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, travellers };
}
