import { type FormEvent, useRef, useState } from 'react';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { FormField } from '#app/ui/form-field.tsx';
import { subscribeNewsletter } from '../api/newsletter-calls.ts';
import { FocusedNotice, isTryLater } from '../service-form.tsx';

const form = 'newsletter';

/**
 * The footer's newsletter box (double opt-in): an address, the consent text and a button. Every answer
 * says the same (a mail with a link is on its way), whether the address was known or not. Brands
 * without `hasNewsletterOptin` show nothing. No zod here: the footer is on every page's first view,
 * and the server words the field messages in the page's language.
 */
export function NewsletterSignup() {
  const { brand } = useShop();
  const t = useT();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  // Counts refusals: each one remounts the message, so that a second one is read out and focused again.
  const [refusals, setRefusals] = useState(0);
  const [isSent, setSent] = useState(false);
  const [isSending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  if (!brand.hasNewsletterOptin) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    setSending(true);
    const result = await subscribeNewsletter(email);
    setSending(false);
    if (result.ok) {
      setSent(true);
      return;
    }
    const message = result.reaction.fieldErrors.email;
    if (message) {
      setFormError(null);
      setFieldError(message);
      requestAnimationFrame(() => inputRef.current?.focus());
      return;
    }
    setFieldError(undefined);
    setRefusals((count) => count + 1);
    setFormError(
      isTryLater(result.failure)
        ? t('newsletter.tryLater')
        : (result.reaction.errors[0] ?? t('newsletter.tryLater')),
    );
  };

  return (
    <section className="footer-newsletter" aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading" className="footer-heading">
        {t('newsletter.title')}
      </h2>
      {isSent ? (
        <FocusedNotice tone="success">
          <p>{t('newsletter.sent')}</p>
        </FocusedNotice>
      ) : (
        <form noValidate onSubmit={submit} aria-describedby="newsletter-consent">
          <p id="newsletter-consent" className="newsletter-consent">
            {t('newsletter.consent', { brand: brand.storeName })}
          </p>
          {formError ? (
            <FocusedNotice key={refusals} tone="danger">
              <p>{formError}</p>
            </FocusedNotice>
          ) : null}
          <div className="newsletter-row">
            <FormField form={form} name="email" label={t('newsletter.email')} error={fieldError} isRequired>
              {(control) => (
                <input
                  {...control}
                  ref={inputRef}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </FormField>
            <button type="submit" className="button" aria-disabled={isSending ? true : undefined}>
              {t('newsletter.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
