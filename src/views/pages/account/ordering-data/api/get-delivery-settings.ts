import { useQuery } from '@tanstack/react-query';
import { orderingDataCalls } from '../../../../../services/ordering-data';

export const deliverySettingsKey = (clientId: number) => ['delivery', 'settings of client', clientId] as const;

/** A client's delivery settings with the reference they name; few enough to load at once. */
export const useDeliverySettings = (clientId: number) => useQuery({
  queryKey: deliverySettingsKey(clientId),
  queryFn: async ({ signal }) => {
    const gateway = orderingDataCalls().delivery;
    const [items, reference] = await Promise.all([gateway.list(clientId, signal), gateway.reference()]);
    return { items, reference };
  },
});
