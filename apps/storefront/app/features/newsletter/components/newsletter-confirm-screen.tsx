import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import { confirmNewsletter } from '../api/newsletter-calls.ts';
import { FocusedNotice, isTryLater } from '../service-form.tsx';

type State = 'ready' | 'sending' | 'confirmed' | 'already-confirmed' | 'invalid' | 'try-later';

/**
 * /newsletter/confirm?token=… (the confirmation mail's link). Opening the page confirms nothing: mail
 * scanners open links by themselves. The visitor's press of the button sends the POST that subscribes.
 */
export function NewsletterConfirmScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? 'ready' : 'invalid');

  const confirm = async () => {
    setState('sending');
    const result = await confirmNewsletter(token);
    if (result.ok) setState(result.data.status);
    else setState(isTryLater(result.failure) ? 'try-later' : 'invalid');
  };

  return (
    <div className="container page narrow newsletter-page">
      <h1>{t('newsletter.confirm.title')}</h1>
      {state === 'confirmed' || state === 'already-confirmed' ? (
        <FocusedNotice tone="success">
          <p>{t(state === 'confirmed' ? 'newsletter.confirm.done' : 'newsletter.confirm.used')}</p>
          <p>
            <Link to="/">{t('newsletter.home')}</Link>
          </p>
        </FocusedNotice>
      ) : state === 'invalid' ? (
        <FocusedNotice tone="danger">
          <p>{t('newsletter.confirm.invalid')}</p>
          <p>
            <Link to="/">{t('newsletter.home')}</Link>
          </p>
        </FocusedNotice>
      ) : (
        <>
          {state === 'try-later' ? (
            <FocusedNotice tone="danger">
              <p>{t('newsletter.tryLater')}</p>
            </FocusedNotice>
          ) : null}
          <p>{t('newsletter.confirm.intro')}</p>
          <button
            type="button"
            className="button"
            aria-disabled={state === 'sending' ? true : undefined}
            onClick={() => state !== 'sending' && void confirm()}
          >
            {t('newsletter.confirm.submit')}
          </button>
        </>
      )}
    </div>
  );
}
