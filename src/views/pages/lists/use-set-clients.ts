import { useEffect, useState } from 'react';
import type { Client, ClientRole } from '../../../contract/clients';
import { projectSetsGateway } from '../../../services/project-sets';

const NO_CLIENTS: readonly Client[] = [];

/**
 * The caller's clients with their roles, loaded once per page. Until they answer (or when that fails, which is
 * only logged) no role is known and the page offers nothing that changes a set.
 */
export function useSetClients() {
  const [clients, setClients] = useState<readonly Client[]>(NO_CLIENTS);
  useEffect(() => {
    const controller = new AbortController();
    projectSetsGateway().clients(controller.signal).then(setClients, (error: unknown) => {
      if (!controller.signal.aborted) console.error('[project-sets] clients not loaded', error);
    });
    return () => controller.abort();
  }, []);
  return {
    clients,
    roleOf: (clientId: number): ClientRole | null => clients.find((client) => client.id === clientId)?.role ?? null,
  };
}
