import { confirmNewsletter } from '../api/newsletter-calls.ts';
import { NewsletterTokenScreen } from './newsletter-token-screen.tsx';

/** /newsletter/confirm?token=… (the confirmation mail's link): the button's POST subscribes. */
export function NewsletterConfirmScreen() {
  return (
    <NewsletterTokenScreen
      act={confirmNewsletter}
      texts={{
        title: 'newsletter.confirm.title',
        intro: 'newsletter.confirm.intro',
        submit: 'newsletter.confirm.submit',
        invalid: 'newsletter.confirm.invalid',
        done: { confirmed: 'newsletter.confirm.done', 'already-confirmed': 'newsletter.confirm.used' },
      }}
    />
  );
}
