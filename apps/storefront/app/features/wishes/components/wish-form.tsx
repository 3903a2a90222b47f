import type { WishKind } from '@shop/contracts/wishes';
import { type FormEvent, useState } from 'react';
import { FocusedNotice, isTryLater } from '#app/features/newsletter/service-form.tsx';
import type { MessageKey } from '#app/i18n/de.ts';
import { useT } from '#app/lib/shop-data.ts';
import { FormField, fieldId } from '#app/ui/form-field.tsx';
import { sendWish } from '../api/wish-calls.ts';

const form = 'wish';
// In the order shown: the first field with a message takes the focus.
const fields = ['kind', 'text', 'email'] as const;
// The contract's kinds through its type only (the compiler wants every one): its module, with zod, stays
// out of the search pages' JavaScript.
const kindLabels = {
  hotel: 'wish.kind.hotel',
  theme: 'wish.kind.theme',
  region: 'wish.kind.region',
} as const satisfies Record<WishKind, MessageKey>;
const kinds = Object.keys(kindLabels) as WishKind[];
type Field = (typeof fields)[number];
type Values = { email: string; kind: WishKind | ''; text: string };

/**
 * The wish form (SPEC §1): a missing hotel, theme or region, e.g. under an empty search result. The
 * server checks the input and words each field's message in the page's language (no zod in the page);
 * a lost connection or a server failure says "try again later" (SPEC §1).
 */
export function WishForm({
  headingLevel = 2,
  initialText = '',
}: {
  headingLevel?: 2 | 3;
  initialText?: string;
}) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [values, setValues] = useState<Values>({ email: '', kind: '', text: initialText });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);
  const [isSent, setSent] = useState(false);
  const [isSending, setSending] = useState(false);
  const change = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    setSending(true);
    // An unchosen kind goes as missing: the server's "required" names the field.
    const result = await sendWish({ ...values, kind: (values.kind || undefined) as WishKind });
    setSending(false);
    if (result.ok) {
      setSent(true);
      return;
    }
    const fieldErrors: Partial<Record<Field, string>> = {};
    for (const field of fields) {
      const message = result.reaction.fieldErrors[field];
      if (message) fieldErrors[field] = message;
    }
    setErrors(fieldErrors);
    const first = fields.find((field) => fieldErrors[field]);
    if (first) {
      setFormError(null);
      requestAnimationFrame(() => document.getElementById(fieldId(form, first))?.focus());
      return;
    }
    setRefusals((count) => count + 1);
    setFormError(
      isTryLater(result.failure) ? t('wish.tryLater') : (result.reaction.errors[0] ?? t('wish.tryLater')),
    );
  };

  return (
    <section className="wish-form" aria-labelledby="wish-heading">
      <Heading id="wish-heading">{t('wish.title')}</Heading>
      {isSent ? (
        <FocusedNotice tone="success">
          <p>{t('wish.sent')}</p>
        </FocusedNotice>
      ) : (
        <form noValidate onSubmit={submit}>
          <p>{t('wish.intro')}</p>
          {formError ? (
            <FocusedNotice key={refusals} tone="danger">
              <p>{formError}</p>
            </FocusedNotice>
          ) : null}
          <FormField form={form} name="kind" label={t('wish.kind')} error={errors.kind} isRequired>
            {(control) => (
              <select
                {...control}
                value={values.kind}
                onChange={(event) => change('kind', event.target.value)}
              >
                <option value="">{t('wish.kind.choose')}</option>
                {kinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(kindLabels[kind])}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField form={form} name="text" label={t('wish.text')} error={errors.text} isRequired>
            {(control) => (
              <textarea
                {...control}
                value={values.text}
                onChange={(event) => change('text', event.target.value)}
              />
            )}
          </FormField>
          <FormField form={form} name="email" label={t('wish.email')} error={errors.email} isRequired>
            {(control) => (
              <input
                {...control}
                type="email"
                inputMode="email"
                autoComplete="email"
                value={values.email}
                onChange={(event) => change('email', event.target.value)}
              />
            )}
          </FormField>
          <button type="submit" className="button" aria-disabled={isSending ? true : undefined}>
            {t('wish.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
