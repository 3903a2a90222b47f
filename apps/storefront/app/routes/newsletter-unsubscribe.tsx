import { NewsletterUnsubscribeScreen } from '#app/features/newsletter/components/newsletter-unsubscribe-screen.tsx';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

/** /newsletter/unsubscribe?token=… (the mails' unsubscribe link): private like the confirmation page. */
export const meta = privatePageMeta('newsletter.unsubscribe.title');
export const headers = privatePageHeaders;

export default function NewsletterUnsubscribeRoute() {
  return <NewsletterUnsubscribeScreen />;
}
