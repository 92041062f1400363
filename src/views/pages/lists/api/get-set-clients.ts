import { useQuery } from '@tanstack/react-query';
import type { Client, ClientRole } from '../../../../contract/clients';
import { projectSetsCalls } from '../../../../services/project-sets';

const NO_CLIENTS: readonly Client[] = [];

/**
 * The caller's clients with their roles. Until they answer (or when that fails, which is only logged) no role is known
 * and the page offers nothing that changes a set.
 */
export function useSetClients() {
  const { data: clients = NO_CLIENTS } = useQuery({
    queryKey: ['project-sets', 'clients'],
    queryFn: ({ signal }) => projectSetsCalls().clients(signal),
  });
  return {
    clients,
    roleOf: (clientId: number): ClientRole | null => clients.find((client) => client.id === clientId)?.role ?? null,
  };
}
