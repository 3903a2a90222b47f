import type { Database } from '#src/db/client.ts';
import { composeStaffInviteMail } from '#src/modules/admin/staff/staff-invites.ts';
import type { BrandConfig, BrandConfigs } from '#src/modules/brands/brand-config.ts';
import type { Brand, BrandDirectory } from '#src/modules/brands/brand-directory.ts';
import { composeNewsletterConfirmMail } from '#src/modules/newsletter/newsletter-mail.ts';
import { composeReminderMail } from '#src/modules/reminders/reminder-mail.ts';
import type { MailKind, MailRow } from './mail-outbox.ts';
import type { OutgoingMail } from './mail-transport.ts';

export type AddressMailDeps = {
  db: Database;
  brands: Pick<BrandDirectory, 'byId'>;
  brandConfigs: BrandConfigs;
};

/** An outbox row for a bare address, with the brand and language it was queued with. */
export type AddressMail = MailRow & { recipient: string; brand_id: number; locale: string };

export type AddressMailComposer = (
  deps: AddressMailDeps,
  mail: AddressMail,
  brand: { brand: Brand; config: BrandConfig },
) => Promise<OutgoingMail | null>;

/**
 * Who builds each kind of address mail. A module that queues one (queueAddressMail) names its composer
 * here, so that the send job stays one job for every mail the shop sends.
 */
const composers: Partial<Record<MailKind, AddressMailComposer>> = {
  'back-in-stock': composeReminderMail,
  'newsletter-confirm': composeNewsletterConfirmMail,
  'staff-invite': composeStaffInviteMail,
};

/** Builds an address mail from its outbox row; null when nothing is to be sent (any more). */
export async function composeAddressMail(deps: AddressMailDeps, mail: MailRow): Promise<OutgoingMail | null> {
  if (mail.recipient === null || mail.brand_id === null || mail.locale === null) return null;
  const compose = composers[mail.kind];
  if (!compose) throw new Error(`no composer for address mail kind ${mail.kind}`);
  const brand = await deps.brands.byId(mail.brand_id);
  if (!brand) throw new Error(`brand ${mail.brand_id} of mail ${mail.id} not found`);
  const config = await deps.brandConfigs.get(brand.short);
  return compose(deps, mail as AddressMail, { brand, config });
}
