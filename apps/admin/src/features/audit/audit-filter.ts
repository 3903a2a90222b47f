/**
 * What the audit list shows, kept in the address's query (a list can be linked; the back button
 * returns to it). Whatever a hand-edited address gets wrong falls back to "no filter".
 */
export type AuditFilter = {
  orderId: string;
  action: string;
  staff: string;
  from: string;
  to: string;
  page: number;
};

/** The changes staff can make, as the server records them (the action filter's choices). */
export const auditActions = [
  'order.mark-paid',
  'order.cancel',
  'order.extend-hold',
  'order.resend-mail',
  'order.refund',
  'orders.export',
  'bank.assign',
  'bank.handled',
  'staff.invite',
  'staff.reinvite',
  'staff.update',
  'staff.password-set',
  'staff.totp-enabled',
  'staff.session-end',
  'records.newsletter-unsubscribe',
  'records.delete',
  'records.export',
  'gift-cards.issue',
  'gift-cards.block',
  'gift-cards.unblock',
  'gift-cards.extend',
  'brand.config-saved',
  'brand.config-restored',
  'content.page-create',
  'content.page-update',
  'content.page-delete',
  'content.extension-points',
  'promotions.create',
  'promotions.update',
  'promotions.switch-off',
  'promotions.offers',
  'codes.create',
  'codes.update',
  'codes.switch-off',
  'codes.batch',
] as const;

export const noFilter: AuditFilter = { orderId: '', action: '', staff: '', from: '', to: '', page: 1 };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function filterFromParams(params: URLSearchParams): AuditFilter {
  const orderId = params.get('orderId') ?? '';
  const action = params.get('action') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = params.get('page') ?? '';
  return {
    orderId: /^[1-9]\d{0,9}$/.test(orderId) ? orderId : '',
    action: (auditActions as readonly string[]).includes(action) ? action : '',
    staff: (params.get('staff') ?? '').trim().toLowerCase().slice(0, 254),
    from: isoDate.test(from) ? from : '',
    to: isoDate.test(to) ? to : '',
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** The address's query, and the API's (`GET /api/admin/audit`): only what is set, page 1 left out. */
export function filterToParams(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(noFilter) as (keyof AuditFilter)[]) {
    const value = filter[name];
    if (value !== noFilter[name]) params.set(name, String(value));
  }
  return params;
}
