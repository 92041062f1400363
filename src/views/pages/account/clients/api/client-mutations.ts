import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CLIENT_ROLES, type Client, type ClientRole, type ClientUser } from '../../../../../contract/clients';
import { ApiError } from '../../../../../services/api';
import { clientsCalls, type RequestUpdateRequest, type UpdateClientRequest } from '../../../../../services/clients';
import { t } from '../../../../../services/i18n';
import { showToast } from '../../../../../services/toasts';
import { clientKey, clientQuery, clientUsersKey } from './get-client';

// The calls of the client card. The card shows what each answers; its form shows the gateway's words for Update and
// RequestUpdate, the members' tab tells a refusal in a toast.

const notifyMembersFailure = (error: unknown) =>
  showToast({ kind: 'error', text: error instanceof ApiError ? error.message : t('account.clients.errors.generic') });

/** Saves and shows a client the gateway answered. */
function useShowClient() {
  const client = useQueryClient();
  return (saved: Client) => client.setQueryData(clientKey(saved.id), saved);
}

export function useUpdateClient() {
  const show = useShowClient();
  return useMutation({ mutationFn: (body: UpdateClientRequest) => clientsCalls().update(body), onSuccess: show });
}

export function useRequestClientUpdate() {
  const show = useShowClient();
  return useMutation({ mutationFn: (body: RequestUpdateRequest) => clientsCalls().requestUpdate(body), onSuccess: show });
}

/**
 * Another role for a member. Handing ownership over makes the old owner an admin, so the client is asked again too:
 * the card and the list row show the new role.
 */
export function useChangeClientRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { clientId: number; userId: number; role: ClientRole }) => {
      const users = await clientsCalls().changeRole(body);
      client.setQueryData(clientUsersKey(body.clientId), users);
      return body.role === CLIENT_ROLES.owner ? client.fetchQuery(clientQuery(body.clientId)) : null;
    },
    onError: notifyMembersFailure,
  });
}

/** A member out of the client: the members' list and the card's count of them follow. */
export function useRemoveClientUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { clientId: number; userId: number }) => clientsCalls().removeUser(body),
    onSuccess: (_answer, { clientId, userId }) => {
      const rest = client.setQueryData<ClientUser[]>(clientUsersKey(clientId), (users) => users?.filter((member) => member.userId !== userId));
      if (rest) client.setQueryData<Client>(clientKey(clientId), (shown) => shown && { ...shown, usersCount: rest.length });
    },
    onError: notifyMembersFailure,
  });
}

export function useLeaveClient() {
  return useMutation({
    mutationFn: (client: Pick<Client, 'id' | 'name'>) => clientsCalls().leave(client.id),
    onSuccess: (_answer, client) => showToast({ kind: 'success', text: t('account.clients.users.left', { name: client.name }) }),
    onError: notifyMembersFailure,
  });
}
