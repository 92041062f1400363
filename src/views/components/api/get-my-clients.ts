import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Client } from '../../../contract/clients';
import { loadMyClients } from '../../../services/my-clients';

const MY_CLIENTS_KEY = ['clients', 'mine'] as const;

/** The user's clients with their roles: what a tab's client picker offers. */
export const useMyClients = () => useQuery({ queryKey: MY_CLIENTS_KEY, queryFn: ({ signal }) => loadMyClients(signal) });

/**
 * A client the user has just made joins the pickers' list at once, so a picker told to show it finds it before the
 * list is loaded again (a picker that did not would fall back to another client and put that one in the address).
 */
export function useAddMyClient(): (client: Client) => void {
  const queryClient = useQueryClient();
  return (client) => {
    queryClient.setQueryData<Client[]>(MY_CLIENTS_KEY, (clients) => [...(clients ?? []).filter((each) => each.id !== client.id), client]);
    void queryClient.invalidateQueries({ queryKey: MY_CLIENTS_KEY }, { cancelRefetch: false });
  };
}
