/** One order, asked again every 2 s while its payment is still being confirmed. */
import { useEffect, useState } from 'react';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadOrder } from '../api';

const pollMs = 2_000;

export function useOrder(orderId: string) {
  const { api } = useServices();
  const [round, setRound] = useState(0);
  const order = useQuery(`checkout-order:${orderId}:${String(round)}`, (signal) =>
    loadOrder(api, orderId, signal),
  );
  const isSettling =
    order.status === 'success' &&
    (order.data.status === 'pending' || order.data.status === 'requires_action');
  useEffect(() => {
    if (!isSettling) return undefined;
    const timer = window.setTimeout(() => {
      setRound((n) => n + 1);
    }, pollMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [isSettling, round]);
  return order;
}
