import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MessageKey } from '#app/i18n/de.ts';
import type { ApiResult } from '#app/lib/api-client.ts';
import { useT } from '#app/lib/shop-data.ts';
import { FocusedNotice, isTryLater } from '../service-form.tsx';

export type TokenScreenTexts<Done extends string> = {
  title: MessageKey;
  intro: MessageKey;
  submit: MessageKey;
  invalid: MessageKey;
  /** What each of the server's answers says (done now, or done before). */
  done: Record<Done, MessageKey>;
};

/**
 * A page that acts on the mail's link (`?token=…`): the confirmation and the unsubscribe. Opening it does
 * nothing (mail scanners open links by themselves); the visitor's press of the button sends the POST.
 */
export function NewsletterTokenScreen<Done extends string>({
  texts,
  act,
}: {
  texts: TokenScreenTexts<Done>;
  act: (token: string) => Promise<ApiResult<{ status: Done }>>;
}) {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'ready' | 'sending' | 'invalid' | 'try-later' | { done: Done }>(
    token ? 'ready' : 'invalid',
  );

  const submit = async () => {
    setState('sending');
    const result = await act(token);
    if (result.ok) setState({ done: result.data.status });
    else setState(isTryLater(result.failure) ? 'try-later' : 'invalid');
  };

  const home = (
    <p>
      <Link to="/">{t('newsletter.home')}</Link>
    </p>
  );
  return (
    <div className="container page narrow newsletter-page">
      <h1>{t(texts.title)}</h1>
      {typeof state === 'object' ? (
        <FocusedNotice tone="success">
          <p>{t(texts.done[state.done])}</p>
          {home}
        </FocusedNotice>
      ) : state === 'invalid' ? (
        <FocusedNotice tone="danger">
          <p>{t(texts.invalid)}</p>
          {home}
        </FocusedNotice>
      ) : (
        <>
          {state === 'try-later' ? (
            <FocusedNotice tone="danger">
              <p>{t('newsletter.tryLater')}</p>
            </FocusedNotice>
          ) : null}
          <p>{t(texts.intro)}</p>
          <button
            type="button"
            className="button"
            aria-disabled={state === 'sending' ? true : undefined}
            onClick={() => state !== 'sending' && void submit()}
          >
            {t(texts.submit)}
          </button>
        </>
      )}
    </div>
  );
}
