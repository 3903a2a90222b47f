import type { OrderNotification } from '@shop/contracts/orders';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '#app/lib/shop-data.ts';

/**
 * What preparing the order changed (SPEC §4), each change on its own line with the way on: a removed or
 * reduced voucher links to its offer, or to the offer's other variants when there are some (issue 13).
 * It takes focus when it appears: the form it stood above may be gone with the last voucher.
 */
export function AdjustedOrderNotice({ notifications }: { notifications: OrderNotification[] }) {
  const t = useT();
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notifications.length > 0) notice.current?.focus();
  }, [notifications]);
  if (notifications.length === 0) return null;
  return (
    <div ref={notice} className="notice is-danger adjusted-notice" tabIndex={-1}>
      <p>{t('order.adjusted')}</p>
      <ul>
        {notifications.map((notification) => {
          const { offerPath, title, otherVariants } = notification.params;
          return (
            <li key={`${notification.kind}-${notification.text}`}>
              {notification.text}{' '}
              {typeof offerPath === 'string' && offerPath.startsWith('/') ? (
                <Link to={offerPath}>
                  {t(
                    Number(otherVariants) > 0 ? 'waysOn.adjusted.otherVariants' : 'waysOn.adjusted.toOffer',
                    {
                      title: String(title ?? ''),
                    },
                  )}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
