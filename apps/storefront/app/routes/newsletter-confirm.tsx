import { NewsletterConfirmScreen } from '#app/features/newsletter/components/newsletter-confirm-screen.tsx';
import { privatePageHeaders, privatePageMeta } from '#app/lib/private-page-meta.ts';

/** /newsletter/confirm?token=…: its address carries a token, so no cache keeps it and no Referer leaks it. */
export const meta = privatePageMeta('newsletter.confirm.title');
export const headers = privatePageHeaders;

export default function NewsletterConfirmRoute() {
  return <NewsletterConfirmScreen />;
}
