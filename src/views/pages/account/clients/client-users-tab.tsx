import { useState } from 'react';
import { CLIENT_ROLES, type Client, type ClientRole, type ClientUser } from '../../../../contract/clients';
import { canLeave } from '../../../../services/clients';
import { t as translate, useT } from '../../../../services/i18n';
import { showToast } from '../../../../services/toasts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { useClientUsers } from './api/get-client';
import { useChangeClientRole, useLeaveClient, useRemoveClientUser } from './api/client-mutations';
import { ClientUserRow, userName } from './client-user-row';
import { roleKey } from './labels';

type Confirmation =
  | { kind: 'transfer'; user: ClientUser }
  | { kind: 'remove'; user: ClientUser }
  | { kind: 'leave' };

interface ClientUsersTabProps {
  client: Client;
  onClientChanged: (client: Client) => void;
  onLeft: () => void;
}

/** Пользователи: roles by the role matrix, removal and leaving, each destructive step confirmed first. */
export function ClientUsersTab({ client, onClientChanged, onLeft }: ClientUsersTabProps) {
  const t = useT();
  const { data: users, isError, refetch } = useClientUsers(client.id);
  const changeRoleOf = useChangeClientRole();
  const removeUser = useRemoveClientUser();
  const leaveClient = useLeaveClient();
  const busy = changeRoleOf.isPending || removeUser.isPending || leaveClient.isPending;
  // The question stays while the dialog closes, so its text does not fall back to 'Вы уверены?' on the way out.
  const [asked, setAsked] = useState<{ open: boolean; confirmation: Confirmation | null }>({ open: false, confirmation: null });
  const setConfirmation = (confirmation: Confirmation | null) =>
    setAsked((current) => ({ open: confirmation !== null, confirmation: confirmation ?? current.confirmation }));
  const confirmation = asked.confirmation;

  const changeRole = (user: ClientUser, role: ClientRole) => {
    setConfirmation(null);
    changeRoleOf.mutate({ clientId: client.id, userId: user.userId, role }, {
      onSuccess: (fresh) => {
        const name = userName(user);
        // The old owner is an admin now: the card and the list row show the new role.
        if (fresh) onClientChanged(fresh);
        showToast(fresh
          ? { kind: 'success', text: t('account.clients.users.transferred', { name }) }
          : { kind: 'success', text: t('account.clients.users.roleChanged', { name, role: t(roleKey(role)) }) });
      },
    });
  };

  const remove = (user: ClientUser) => {
    setConfirmation(null);
    removeUser.mutate({ clientId: client.id, userId: user.userId }, {
      onSuccess: () => {
        onClientChanged({ ...client, usersCount: (users ?? []).filter((member) => member.userId !== user.userId).length });
        showToast({ kind: 'success', text: t('account.clients.users.removed', { name: userName(user) }) });
      },
    });
  };

  const leave = () => {
    setConfirmation(null);
    leaveClient.mutate(client, { onSuccess: onLeft });
  };

  if (!users && isError) {
    return (
      <div className="clients-card--message">
        <p>{t('account.clients.users.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void refetch()}>{t('account.clients.users.retry')}</Button>
      </div>
    );
  }
  if (!users) return <Skeleton rows={2} imageSize={36} />;

  return (
    <div className="clients-users">
      <ul className="clients-users__list">
        {users.map((user) => (
          <ClientUserRow
            key={user.userId}
            user={user}
            myRole={client.role}
            busy={busy}
            onRole={(target, role) => (role === CLIENT_ROLES.owner ? setConfirmation({ kind: 'transfer', user: target }) : void changeRole(target, role))}
            onRemove={(target) => setConfirmation({ kind: 'remove', user: target })}
          />
        ))}
      </ul>
      <div className="clients-users__leave">
        {canLeave(client.role) ? (
          <Button variant="secondary" className="clients-danger" disabled={busy} onClick={() => setConfirmation({ kind: 'leave' })}>
            {t('account.clients.users.leave')}
          </Button>
        ) : (
          <p className="clients-note">{t('account.clients.users.ownerHint')}</p>
        )}
      </div>
      <ConfirmDialog
        open={asked.open}
        text={confirmationText(confirmation, client)}
        okLabel={confirmation ? t(`account.clients.users.${confirmation.kind}Ok`) : undefined}
        cancelLabel={t('account.clients.users.cancel')}
        onCancel={() => setConfirmation(null)}
        onConfirm={() => {
          if (confirmation?.kind === 'transfer') void changeRole(confirmation.user, CLIENT_ROLES.owner);
          else if (confirmation?.kind === 'remove') void remove(confirmation.user);
          else if (confirmation?.kind === 'leave') void leave();
        }}
      />
    </div>
  );
}

function confirmationText(confirmation: Confirmation | null, client: Client): string | undefined {
  if (!confirmation) return undefined;
  if (confirmation.kind === 'leave') return translate('account.clients.users.leaveConfirm', { name: client.name });
  const key = confirmation.kind === 'transfer' ? 'account.clients.users.transferConfirm' : 'account.clients.users.removeConfirm';
  return translate(key, { name: userName(confirmation.user) });
}
