import { unsubscribeNewsletter } from '../api/newsletter-calls.ts';
import { NewsletterTokenScreen } from './newsletter-token-screen.tsx';

/**
 * /newsletter/unsubscribe?token=… for people (mail programs post to the API address of the
 * List-Unsubscribe header themselves). Like the confirmation, the button's POST acts, not the visit.
 */
export function NewsletterUnsubscribeScreen() {
  return (
    <NewsletterTokenScreen
      act={unsubscribeNewsletter}
      texts={{
        title: 'newsletter.unsubscribe.title',
        intro: 'newsletter.unsubscribe.intro',
        submit: 'newsletter.unsubscribe.submit',
        invalid: 'newsletter.unsubscribe.invalid',
        done: {
          unsubscribed: 'newsletter.unsubscribe.done',
          'already-unsubscribed': 'newsletter.unsubscribe.already',
        },
      }}
    />
  );
}
