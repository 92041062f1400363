import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clientAccessCalls } from '../../../../services/client-access';
import { subscribeClientsChanged } from '../../../../services/client-events';

/**
 * One list of requests or invitations, asked again whenever someone accepts, declines or cancels (client-events);
 * the items shown stay until the new ones arrive.
 */
function useAccessList<T>(queryKey: QueryKey, load: (signal: AbortSignal) => Promise<T[]>) {
  const client = useQueryClient();
  // Every list of the page is asked again once, however many of them heard the event.
  useEffect(() => subscribeClientsChanged(
    () => void client.invalidateQueries({ queryKey: ['client-access'] }, { cancelRefetch: false }),
  ), [client]);
  return useQuery({ queryKey, queryFn: ({ signal }) => load(signal) });
}

export const useAccessRequests = (clientId: number) =>
  useAccessList(['client-access', 'requests of client', clientId], (signal) => clientAccessCalls().getAccessRequests(clientId, signal));

export const useInvitations = (clientId: number) =>
  useAccessList(['client-access', 'invitations of client', clientId], (signal) => clientAccessCalls().getInvitations(clientId, signal));

export const useMyInvitations = () =>
  useAccessList(['client-access', 'my invitations'], (signal) => clientAccessCalls().getMyInvitations(signal));

export const useMyAccessRequests = () =>
  useAccessList(['client-access', 'my requests'], (signal) => clientAccessCalls().getMyAccessRequests(signal));
