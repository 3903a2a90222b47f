/**
 * One person's e-mail address in one form, so that `Anna.Huber+promo@GoogleMail.com` and
 * `annahuber@gmail.com` count as the same customer: for once-per-customer promotion codes and for the
 * open bank transfers one address may have (docs/decisions/020-stock-held-by-bank-transfers.md).
 *
 * - Case and surrounding spaces never matter (no mainstream provider treats the local part
 *   case-sensitively, and the shop compared addresses lower-cased before).
 * - A `+tag` is dropped on every domain: Gmail, Outlook.com, iCloud, Proton, Fastmail, Posteo,
 *   mailbox.org and the company domains hosted by Google Workspace or Microsoft 365 deliver `name+tag@`
 *   to `name@`. A list of such providers would miss the company domains; a provider that treats `+` as
 *   a plain character is rare, and the cost of a false match is a welcome code refused once.
 * - Dots are dropped only at gmail.com (and googlemail.com, the same mailboxes): elsewhere, GMX and
 *   web.de included, `anna.huber` and `annahuber` are two people.
 */
export function emailIdentity(address: string): string {
  const email = address.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '') || local;
  return `${local}@${domain}`;
}
