import { useState } from 'react';
import { CLIENT_ROLES, type Client, type ClientRole, type ClientUser } from '../../../../contract/clients';
import { ApiError } from '../../../../services/api';
import { canLeave, clientsGateway } from '../../../../services/clients';
import { t as translate, useT } from '../../../../services/i18n';
import { showToast } from '../../../../services/toasts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { ClientUserRow, userName } from './client-user-row';
import { roleKey } from './labels';
import { useClientUsers } from './use-client';

type Confirmation =
  | { kind: 'transfer'; user: ClientUser }
  | { kind: 'remove'; user: ClientUser }
  | { kind: 'leave' };

interface ClientUsersTabProps {
  client: Client;
  onClientChanged: (client: Client) => void;
  onLeft: () => void;
}

const failureText = (error: unknown) => (error instanceof ApiError ? error.message : translate('account.clients.errors.generic'));

/** Пользователи: roles by the role matrix, removal and leaving, each destructive step confirmed first. */
export function ClientUsersTab({ client, onClientChanged, onLeft }: ClientUsersTabProps) {
  const t = useT();
  const { value: users, failed, reload, replace } = useClientUsers(client.id);
  // The question stays while the dialog closes, so its text does not fall back to 'Вы уверены?' on the way out.
  const [asked, setAsked] = useState<{ open: boolean; confirmation: Confirmation | null }>({ open: false, confirmation: null });
  const setConfirmation = (confirmation: Confirmation | null) =>
    setAsked((current) => ({ open: confirmation !== null, confirmation: confirmation ?? current.confirmation }));
  const confirmation = asked.confirmation;
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setConfirmation(null);
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showToast({ kind: 'error', text: failureText(error) });
    } finally {
      setBusy(false);
    }
  };

  const changeRole = (user: ClientUser, role: ClientRole) => run(async () => {
    const next = await clientsGateway().changeRole({ clientId: client.id, userId: user.userId, role });
    replace(next);
    const name = userName(user);
    if (role === CLIENT_ROLES.owner) {
      // The old owner is an admin now: the card and the list row show the new role.
      onClientChanged(await clientsGateway().get(client.id));
      showToast({ kind: 'success', text: t('account.clients.users.transferred', { name }) });
    } else {
      showToast({ kind: 'success', text: t('account.clients.users.roleChanged', { name, role: t(roleKey(role)) }) });
    }
  });

  const remove = (user: ClientUser) => run(async () => {
    await clientsGateway().removeUser({ clientId: client.id, userId: user.userId });
    const rest = (users ?? []).filter((member) => member.userId !== user.userId);
    replace(rest);
    onClientChanged({ ...client, usersCount: rest.length });
    showToast({ kind: 'success', text: t('account.clients.users.removed', { name: userName(user) }) });
  });

  const leave = () => run(async () => {
    await clientsGateway().leave(client.id);
    showToast({ kind: 'success', text: t('account.clients.users.left', { name: client.name }) });
    onLeft();
  });

  if (failed) {
    return (
      <div className="clients-card--message">
        <p>{t('account.clients.users.loadFailed')}</p>
        <Button variant="secondary" onClick={reload}>{t('account.clients.users.retry')}</Button>
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
