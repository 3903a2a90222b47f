import { type AdminOrderDetail, resendMailRequestSchema } from '@shop/contracts/admin';
import { useI18n } from '../../../i18n/i18n-context.tsx';
import { ActionDialog } from '../../../ui/action-dialog.tsx';
import { useAnnounce } from '../../../ui/live-region.tsx';
import { useOrderAction } from '../api/order-actions.ts';

type Mail = AdminOrderDetail['mails'][number];

/**
 * The kinds the API sends again (modules/admin/orders/admin-order-actions.ts); for the others it would
 * only refuse, so they get no button.
 */
const resendableKinds: readonly string[] = ['order-received', 'payment-received', 'transfer-reminder'];

/** The order's mails with their status; each can be sent again (confirmed first). */
export function OrderMails({ order }: { order: AdminOrderDetail }) {
  const { t, dateTime } = useI18n();
  return (
    <section aria-labelledby="mails-title" className="card">
      <h2 id="mails-title">{t.order.mails}</h2>
      {order.mails.length === 0 ? (
        <p>{t.order.noMails}</p>
      ) : (
        <div className="table-scroll">
          <table className="grid">
            <thead>
              <tr>
                <th scope="col">{t.order.kind}</th>
                <th scope="col">{t.order.status}</th>
                <th scope="col" className="numeric">
                  {t.order.attempts}
                </th>
                <th scope="col">{t.order.createdAt}</th>
                <th scope="col">{t.order.sentAt}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.order.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {order.mails.map((mail) => (
                <tr key={mail.id} data-mail-kind={mail.kind}>
                  <td>{t.mailKinds[mail.kind] ?? mail.kind}</td>
                  <td>{t.mailStatuses[mail.status] ?? mail.status}</td>
                  <td className="numeric">{mail.attempts}</td>
                  <td>{dateTime(mail.createdAt)}</td>
                  <td>{dateTime(mail.sentAt)}</td>
                  <td>
                    {resendableKinds.includes(mail.kind) ? (
                      <ResendMail orderId={order.id} mail={mail} />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ResendMail({ orderId, mail }: { orderId: number; mail: Mail }) {
  const { t } = useI18n();
  const announce = useAnnounce();
  const action = useOrderAction(orderId, 'resend-mail');
  const kind = t.mailKinds[mail.kind] ?? mail.kind;
  return (
    <ActionDialog
      trigger={t.actions.resend}
      title={t.actions.resendTitle(kind)}
      intro={t.actions.resendIntro}
      confirmLabel={t.actions.resendConfirm}
      error={action.error}
      isPending={action.isPending}
      onOpen={() => action.reset()}
      onSubmit={async () => {
        try {
          await action.mutateAsync(resendMailRequestSchema.parse({ mailId: mail.id }));
          announce(t.actions.resent(kind));
          return true;
        } catch {
          return false;
        }
      }}
    />
  );
}
