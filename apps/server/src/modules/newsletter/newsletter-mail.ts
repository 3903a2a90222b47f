import { defaultLocale, isLocale } from '@shop/contracts/locale';
import { newsletterConfirmDays } from '@shop/contracts/newsletter';
import type { AddressMailComposer } from '#src/modules/mail/address-mail.ts';
import { mailBrandOf, mailSenderOf } from '#src/modules/mail/order-mail.ts';
import { renderNewsletterMail } from '#src/modules/mail/templates/newsletter-mails.tsx';
import { findSubscription } from './newsletter.repository.ts';
import { hashToken, unsubscribeToken } from './newsletter-tokens.ts';

/**
 * The headers every newsletter mail carries (RFC 2369, RFC 8058): mail programs show an "unsubscribe"
 * button that POSTs `List-Unsubscribe=One-Click` to the address, which unsubscribes without any page.
 * The address is on the brand's own host, so a mail provider can reach it.
 */
export function newsletterMailHeaders(origin: string, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${origin}/api/newsletter/unsubscribe?${new URLSearchParams({ token })}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * Builds the confirmation mail of an outbox row. Null (nothing to send) when the subscription is gone
 * (account deleted), withdrawn, already confirmed, or renewed since: a newer request has its own mail,
 * and an older link would not work any more.
 */
export const composeNewsletterConfirmMail: AddressMailComposer = async (deps, mail, { brand, config }) => {
  const token = typeof mail.payload?.token === 'string' ? mail.payload.token : null;
  const subscriptionId =
    typeof mail.payload?.subscriptionId === 'number' ? mail.payload.subscriptionId : null;
  if (token === null || subscriptionId === null) return null;
  const subscription = await findSubscription(deps.db, subscriptionId);
  if (
    !subscription ||
    subscription.is_confirmed ||
    subscription.is_unsubscribed ||
    subscription.confirm_token_hash !== hashToken(token)
  ) {
    return null;
  }
  const unsubscribe = await unsubscribeToken(deps.db, subscription.id);
  const rendered = await renderNewsletterMail(
    {
      kind: 'newsletter-confirm',
      confirmUrl: `${brand.origin}/newsletter/confirm?${new URLSearchParams({ token })}`,
      unsubscribeUrl: `${brand.origin}/newsletter/unsubscribe?${new URLSearchParams({ token: unsubscribe })}`,
      validDays: newsletterConfirmDays,
    },
    mailBrandOf(brand, config),
    isLocale(mail.locale) ? mail.locale : defaultLocale,
  );
  return {
    to: mail.recipient,
    sender: mailSenderOf(config),
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    messageId: `<mail-${mail.id}.newsletter@${new URL(brand.origin).hostname}>`,
    headers: newsletterMailHeaders(brand.origin, unsubscribe),
  };
};
