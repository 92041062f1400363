import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeClientsChanged } from '../../../../../services/client-events';
import { clientsCalls } from '../../../../../services/clients';

export const clientKey = (id: number) => ['clients', 'client', id] as const;
export const clientUsersKey = (id: number) => ['clients', 'users', id] as const;

export const clientQuery = (id: number) => queryOptions({ queryKey: clientKey(id), queryFn: () => clientsCalls().get(id) });

/** A decided request or an answered invitation changes counts and members: asked again, what is shown stays meanwhile. */
function useFollowClientsChanged(queryKey: readonly unknown[]) {
  const client = useQueryClient();
  const [area, what, id] = queryKey;
  useEffect(
    () => subscribeClientsChanged(() => void client.invalidateQueries({ queryKey: [area, what, id] }, { cancelRefetch: false })),
    [client, area, what, id],
  );
}

/** The client of the card (the product spec's error catalogue: a failed Get is only logged; the card says it did not load). */
export function useClient(id: number) {
  useFollowClientsChanged(clientKey(id));
  return useQuery(clientQuery(id));
}

/** The client's members with their roles. */
export function useClientUsers(id: number) {
  useFollowClientsChanged(clientUsersKey(id));
  return useQuery({ queryKey: clientUsersKey(id), queryFn: () => clientsCalls().users(id) });
}
