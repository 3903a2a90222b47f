import { isLocale } from '@shop/contracts/locale';
import { offerPath } from '@shop/contracts/site-paths';
import { TtlCache } from '#src/lib/cache.ts';
import type { AddressMailComposer } from '#src/modules/mail/address-mail.ts';
import { mailBrandOf, mailSenderOf } from '#src/modules/mail/order-mail.ts';
import { renderBackInStockMail } from '#src/modules/mail/templates/back-in-stock-mail.tsx';
import type { RenderedMail } from '#src/modules/mail/templates/mail-message.ts';
import { findReminderOffer } from './reminders.repository.ts';

/**
 * The reminder names no recipient, so all subscribers of an offer in one brand and language get the same
 * rendering: kept for a minute, it makes 10,000 reminders cost one render (bench/reminders.bench.ts)
 * instead of 10,000. Keyed by everything the mail shows, so an edited title renders anew.
 */
const rendered = new TtlCache<RenderedMail>(60_000, 200);

/** Builds a back-in-stock mail from its outbox row; null when its offer is gone (nothing to announce). */
export const composeReminderMail: AddressMailComposer = async (deps, mail, { brand, config }) => {
  const offerId = Number(mail.payload?.offerId);
  if (!Number.isInteger(offerId) || !isLocale(mail.locale)) return null;
  const locale = mail.locale;
  const offer = await findReminderOffer(deps.db, offerId, locale);
  if (!offer) return null;
  // ?lang= makes the page open in the language the visitor asked in (and remembers it).
  const offerUrl = `${brand.origin}${offerPath(offer.hotel_slug, offer.slug)}?lang=${locale}`;
  const mailBrand = mailBrandOf(brand, config);
  const key = JSON.stringify([brand.id, locale, offerUrl, offer.title, mailBrand]);
  const { subject, html, text } = await rendered.get(key, () =>
    renderBackInStockMail({ offerTitle: offer.title, offerUrl }, mailBrand, locale),
  );
  return {
    to: mail.recipient,
    sender: mailSenderOf(config),
    subject,
    html,
    text,
    messageId: `<mail-${mail.id}.reminder@${new URL(brand.origin).hostname}>`,
  };
};
