import type { Order } from '@shop/contracts/orders';
import { useEffect, useRef, useState } from 'react';
import { type OrderAccess, pollOrder } from '../api/voucher-calls.ts';
import { isAwaitingVouchers } from '../voucher-form.ts';

const pollIntervalMs = 3_000;
/** After this the page stops asking and tells the visitor to reload later. */
const pollLimitMs = 120_000;

export type VoucherPolling = 'idle' | 'waiting' | 'timed-out';

/**
 * SPEC §8 "vouchers being generated": while the order waits for its vouchers, GET the order every 3 s
 * (one call at a time) and hand each answer to `onOrder`, until the vouchers are there or 2 minutes
 * have passed.
 */
export function useVoucherPolling(
  order: Order,
  access: OrderAccess,
  onOrder: (order: Order) => void,
): VoucherPolling {
  const isAwaiting = isAwaitingVouchers(order);
  const [isTimedOut, setIsTimedOut] = useState(false);
  const onOrderRef = useRef(onOrder);
  onOrderRef.current = onOrder;
  const statusRef = useRef(order.status);
  statusRef.current = order.status;
  const { orderId, orderKey } = access;

  useEffect(() => {
    if (!isAwaiting) return;
    let isCurrent = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopAt = Date.now() + pollLimitMs;
    const ask = async () => {
      const result = await pollOrder({ orderId, orderKey });
      if (!isCurrent) return;
      // A failed call (no connection for a moment) is simply asked again; an unchanged order is not news.
      if (result.ok) {
        const isDone = !isAwaitingVouchers(result.data);
        if (isDone || result.data.status !== statusRef.current) onOrderRef.current(result.data);
        if (isDone) return;
      }
      if (Date.now() + pollIntervalMs > stopAt) setIsTimedOut(true);
      else timer = setTimeout(ask, pollIntervalMs);
    };
    timer = setTimeout(ask, pollIntervalMs);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [isAwaiting, orderId, orderKey]);

  if (!isAwaiting) return 'idle';
  return isTimedOut ? 'timed-out' : 'waiting';
}
