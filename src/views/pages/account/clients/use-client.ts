import { useCallback, useEffect, useState } from 'react';
import type { Client, ClientUser } from '../../../../contract/clients';
import { subscribeClientsChanged } from '../../../../services/client-events';
import { clientsGateway } from '../../../../services/clients';

interface Loaded<T> {
  key: number;
  value: T | null;
  failed: boolean;
}

/**
 * One thing of a client loaded by id, with a way to load it again and to replace it with a fresher copy a call
 * answered. Spec 8: a failed Get or Users is only logged; the view says it did not load.
 */
function useLoaded<T>(id: number, load: (id: number) => Promise<T>, what: string) {
  const [state, setState] = useState<Loaded<T>>({ key: id, value: null, failed: false });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load(id).then(
      (value) => live && setState({ key: id, value, failed: false }),
      (error: unknown) => {
        console.error(`[clients] ${what} ${id} not loaded`, error);
        if (live) setState({ key: id, value: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [id, round, load, what]);
  // A decided request or answered invitation changes counts and members: load again, keeping what is shown meanwhile.
  useEffect(() => subscribeClientsChanged(() => setRound((count) => count + 1)), []);
  const current = state.key === id ? state : { key: id, value: null, failed: false };
  return {
    value: current.value,
    failed: current.failed,
    reload: useCallback(() => {
      setState({ key: id, value: null, failed: false });
      setRound((count) => count + 1);
    }, [id]),
    replace: useCallback((value: T) => setState({ key: id, value, failed: false }), [id]),
  };
}

const getClient = (id: number) => clientsGateway().get(id);
const getUsers = (id: number) => clientsGateway().users(id);

export const useClient = (id: number) => useLoaded<Client>(id, getClient, 'client');
export const useClientUsers = (id: number) => useLoaded<ClientUser[]>(id, getUsers, 'users of client');
