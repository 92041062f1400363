import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../contract/orders';
import { isCountedChange, ORDER_REFRESH_MS, ordersCalls } from '../../../../services/orders';
import { refreshCounters } from '../../../../services/session';
import { useSessionActor } from '../../../components/session-context';
import { isNotFound } from '../../../data/query-client';

export const orderKey = (id: number) => ['orders', 'order', id] as const;

/** Shows the fresher copy an action answered; a refresh still in flight is dropped so it cannot undo it. */
export async function putOrder(client: QueryClient, order: Order): Promise<void> {
  await client.cancelQueries({ queryKey: orderKey(order.id) });
  client.setQueryData(orderKey(order.id), order);
}

/**
 * The order of /orders/:id. It is asked again every 15 s while the tab is visible and when the window gets focus, so
 * the manufacturer's changes show without a reload; a failed refresh keeps what is shown. A refresh that finds the
 * order moved (status, hold, favourite) reloads the menu counters too, so they do not lag up to 180 s behind.
 */
export function useOrder(id: number) {
  const client = useQueryClient();
  const session = useSessionActor();
  return useQuery({
    queryKey: orderKey(id),
    queryFn: async ({ signal }) => {
      const order = await ordersCalls().get(id, signal);
      if (isCountedChange(client.getQueryData<Order>(orderKey(id)) ?? null, order)) refreshCounters(session);
      return order;
    },
    // Only an order on screen follows the manufacturer: a failed or missing one waits for its retry button.
    refetchInterval: (query) => (query.state.data !== undefined && !isNotFound(query.state.error) ? ORDER_REFRESH_MS : false),
    refetchOnWindowFocus: (query) => query.state.data !== undefined && !isNotFound(query.state.error),
  });
}
