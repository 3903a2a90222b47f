import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';
import { unsubscribeNewsletter } from '../api/newsletter-calls.ts';
import { FocusedNotice, isTryLater } from '../service-form.tsx';

type State = 'ready' | 'sending' | 'unsubscribed' | 'already-unsubscribed' | 'invalid' | 'try-later';

/**
 * /newsletter/unsubscribe?token=… for people (mail programs post to the API address of the
 * List-Unsubscribe header themselves). Like the confirmation, the button's POST acts, not the visit.
 */
export function NewsletterUnsubscribeScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? 'ready' : 'invalid');

  const unsubscribe = async () => {
    setState('sending');
    const result = await unsubscribeNewsletter(token);
    if (result.ok) setState(result.data.status);
    else setState(isTryLater(result.failure) ? 'try-later' : 'invalid');
  };

  const home = (
    <p>
      <Link to="/">{t('newsletter.home')}</Link>
    </p>
  );
  return (
    <div className="container page narrow newsletter-page">
      <h1>{t('newsletter.unsubscribe.title')}</h1>
      {state === 'unsubscribed' || state === 'already-unsubscribed' ? (
        <FocusedNotice tone="success">
          <p>
            {t(state === 'unsubscribed' ? 'newsletter.unsubscribe.done' : 'newsletter.unsubscribe.already')}
          </p>
          {home}
        </FocusedNotice>
      ) : state === 'invalid' ? (
        <FocusedNotice tone="danger">
          <p>{t('newsletter.unsubscribe.invalid')}</p>
          {home}
        </FocusedNotice>
      ) : (
        <>
          {state === 'try-later' ? (
            <FocusedNotice tone="danger">
              <p>{t('newsletter.tryLater')}</p>
            </FocusedNotice>
          ) : null}
          <p>{t('newsletter.unsubscribe.intro')}</p>
          <button
            type="button"
            className="button"
            aria-disabled={state === 'sending' ? true : undefined}
            onClick={() => state !== 'sending' && void unsubscribe()}
          >
            {t('newsletter.unsubscribe.submit')}
          </button>
        </>
      )}
    </div>
  );
}
