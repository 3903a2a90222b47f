import type { Database } from '#src/db/client.ts';
import type { BrandConfigs } from '#src/modules/brands/brand-config.ts';
import type { BrandDirectory } from '#src/modules/brands/brand-directory.ts';
import type { MailRow } from '#src/modules/mail/mail-outbox.ts';
import type { OutgoingMail } from '#src/modules/mail/mail-transport.ts';
import { mailBrandOf, mailSenderOf } from '#src/modules/mail/order-mail.ts';
import { type AccountMailMessage, renderAccountMail } from '#src/modules/mail/templates/account-mails.tsx';
import { findCustomer } from './accounts.repository.ts';
import { resetLinkMinutes } from './accounts.service.ts';
import { confirmationLinkDays } from './guest-orders.ts';

/** Where the confirmation link leads: the account's orders, which confirm and then offer the guest orders. */
const guestOrdersConfirmPath = '/account/orders';

export type AccountMailDeps = {
  db: Database;
  brands: Pick<BrandDirectory, 'byId'>;
  brandConfigs: BrandConfigs;
};

/**
 * Builds an account mail from its outbox row: the customer as they are now, in their language and
 * with their brand's look. Null when there is nothing to send any more (the account was deleted, or a
 * reset link's token was already dropped).
 */
export async function composeAccountMail(deps: AccountMailDeps, mail: MailRow): Promise<OutgoingMail | null> {
  if (!mail.customer_id) return null;
  const customer = await findCustomer(deps.db, mail.customer_id);
  if (!customer) return null;
  const brand = await deps.brands.byId(customer.brand_id);
  if (!brand) throw new Error(`brand ${customer.brand_id} of customer ${customer.id} not found`);
  const config = await deps.brandConfigs.get(brand.short);
  const customerName = [customer.first_name, customer.last_name].filter(Boolean).join(' ');
  const token = typeof mail.payload?.token === 'string' ? mail.payload.token : null;
  const resetUrl = token
    ? `${brand.origin}/password-forgotten?${new URLSearchParams({ email: customer.email, token })}`
    : null;

  let message: AccountMailMessage;
  switch (mail.kind) {
    case 'account-welcome':
      message = { kind: 'account-welcome', customerName, accountUrl: `${brand.origin}/account` };
      break;
    case 'account-exists':
      if (!resetUrl) return null;
      message = { kind: 'account-exists', customerName, loginUrl: `${brand.origin}/account`, resetUrl };
      break;
    case 'password-reset':
      if (!resetUrl) return null;
      message = { kind: 'password-reset', customerName, resetUrl, validMinutes: resetLinkMinutes };
      break;
    case 'guest-orders-confirm':
      if (!token) return null;
      message = {
        kind: 'guest-orders-confirm',
        customerName,
        confirmUrl: `${brand.origin}${guestOrdersConfirmPath}?${new URLSearchParams({ confirm: token })}`,
        validDays: confirmationLinkDays,
      };
      break;
    default:
      return null;
  }
  const rendered = await renderAccountMail(message, mailBrandOf(brand, config), customer.locale);
  return {
    to: customer.email,
    sender: mailSenderOf(config),
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    messageId: `<mail-${mail.id}.account@${new URL(brand.origin).hostname}>`,
  };
}
