import type { GuestOrder } from '@shop/contracts/accounts';
import { longDateFormat } from '@shop/contracts/locale';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useShop, useT } from '#app/lib/shop-data.ts';
import { confirmAddress, getGuestOrders, linkGuestOrders } from '../api/account-calls.ts';
import { ErrorSummary, SuccessNotice } from './form-messages.tsx';

type State =
  | { kind: 'quiet' }
  | { kind: 'offer'; orders: GuestOrder[] }
  | { kind: 'confirmed' }
  | { kind: 'linked'; count: number }
  | { kind: 'failed'; message: string };

/** The query parameter of the link mailed to confirm the address (modules/accounts/account-mail.ts). */
export const confirmParameter = 'confirm';

/**
 * On the account's orders: the orders bought as a guest with the account's address, offered to join it.
 * The server answers them only once the address is confirmed, by following the link mailed to it while
 * signed in (this page with `?confirm=<token>`); before that this shows nothing.
 */
export function GuestOrdersOffer({ onLinked }: { onLinked: () => void }) {
  const t = useT();
  const { locale } = useShop();
  const [params, setParams] = useSearchParams();
  // The link's token, read once: it works once, and leaves the address bar as soon as it is sent.
  const [token] = useState(() => params.get(confirmParameter));
  const [state, setState] = useState<State>({ kind: 'quiet' });
  const [isBusy, setIsBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const hasAsked = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the page opens
  useEffect(() => {
    if (hasAsked.current) return;
    hasAsked.current = true;
    const answer = token ? confirmAddress(token) : getGuestOrders();
    if (token) {
      const rest = new URLSearchParams(params);
      rest.delete(confirmParameter);
      setParams(rest, { replace: true, preventScrollReset: true });
    }
    void answer.then((result) => {
      if (!result.ok) {
        // Only a link that failed is worth a word; a list that could not be read is just not offered.
        if (token) setState({ kind: 'failed', message: result.reaction.errors[0] ?? '' });
        return;
      }
      const { orders } = result.data;
      if (orders.length > 0) setState({ kind: 'offer', orders });
      else setState(token ? { kind: 'confirmed' } : { kind: 'quiet' });
    });
  }, []);

  const link = async (orders: GuestOrder[]) => {
    setIsBusy(true);
    const result = await linkGuestOrders(orders.map((order) => order.id));
    setIsBusy(false);
    if (!result.ok) {
      setState({ kind: 'failed', message: result.reaction.errors[0] ?? '' });
      return;
    }
    setState({ kind: 'linked', count: result.data.linked.length });
    onLinked();
  };

  if (state.kind === 'quiet') return null;
  return (
    <section className="account-claim account-guest-orders" aria-labelledby="guest-orders-title">
      <h2 id="guest-orders-title">{t('account.guestOrders.title')}</h2>
      {state.kind === 'failed' ? (
        <ErrorSummary errors={{ fields: {}, form: [state.message] }} summaryRef={summaryRef} />
      ) : null}
      {state.kind === 'confirmed' ? (
        <SuccessNotice>
          <p>{t('account.guestOrders.confirmed')}</p>
        </SuccessNotice>
      ) : null}
      {state.kind === 'linked' ? (
        <SuccessNotice>
          <p>
            {state.count === 1
              ? t('account.guestOrders.doneOne')
              : t('account.guestOrders.done', { count: state.count })}
          </p>
        </SuccessNotice>
      ) : null}
      {state.kind === 'offer' ? (
        <>
          <p>{t('account.guestOrders.text')}</p>
          <ul className="account-guest-order-list">
            {state.orders.map((order) => (
              <li key={order.id} data-guest-order-id={order.id}>
                {t('account.guestOrders.item', {
                  id: order.id,
                  date: longDateFormat(locale).format(new Date(order.createdAt)),
                  total: order.total.display,
                })}
                {order.titles.length > 0 ? ` (${order.titles.join(', ')})` : ''}
              </li>
            ))}
          </ul>
          <div className="form-actions">
            <button type="button" className="button" disabled={isBusy} onClick={() => link(state.orders)}>
              {t('account.guestOrders.submit')}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
