import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Client } from '../../contract/clients';
import { useT } from '../../services/i18n';
import { clientIdOfQuery, pickClient, readStoredClientId, storeClientId } from '../../services/my-clients';
import { useMyClients } from './api/get-my-clients';
import { EmptyState } from './empty-state';
import { useSession } from './session-context';
import { Skeleton } from './ui/skeleton';
import './client-picker.css';

interface ClientPickerProps {
  /** The content for the chosen client; keyed by its id, so another client starts afresh. */
  children: (client: Client) => ReactNode;
  /** Show the choice only when there is one to make (the wizard: most users have one client). */
  hideSingle?: boolean;
  /** Without clients: make one here rather than on /account/clients (a page with work in progress, like /quote). */
  onCreateClient?: () => void;
}

/**
 * Which of my clients a tab shows. The choice is kept in the URL (`clientId`, so a link opens the same client)
 * and per user in localStorage (so the next visit does too). Without clients it points to /account/clients.
 */
export function ClientPicker({ children, hideSingle = false, onCreateClient }: ClientPickerProps) {
  const t = useT();
  const id = useId();
  const userId = useSession((s) => s.context.user?.id ?? null);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { data: clients, isPending, refetch } = useMyClients();

  const fromQuery = clientIdOfQuery(search);
  const client = clients ? pickClient(clients, fromQuery, readStoredClientId(userId)) : null;
  const chosenId = client?.id ?? null;

  const choose = (clientId: number) => {
    const params = new URLSearchParams(search);
    params.set('clientId', String(clientId));
    navigate(`${location}?${params}`, { replace: true });
  };

  // The effect below runs on a change of choice only; `choose` itself changes with every location.
  const latestChoose = useRef(choose);
  useEffect(() => {
    latestChoose.current = choose;
  });

  // The URL and the stored choice follow the client on screen, also when it was picked by default.
  useEffect(() => {
    if (chosenId === null) return;
    storeClientId(userId, chosenId);
    if (fromQuery !== chosenId) latestChoose.current(chosenId);
  }, [chosenId, fromQuery, userId]);

  if (isPending) return <Skeleton rows={1} imageSize={0} />;
  if (!clients) {
    // A failed list is only logged; the picker says there is nothing to show and offers a retry.
    return (
      <div className="client-picker__note" role="alert">
        <span>{t('clientPicker.failed')}</span>
        <button type="button" className="ui-button ui-button--link" onClick={() => void refetch()}>
          {t('clientPicker.retry')}
        </button>
      </div>
    );
  }
  if (!client) {
    return (
      <EmptyState
        icon="client"
        title={t('clientPicker.emptyTitle')}
        text={t('clientPicker.emptyText')}
        action={onCreateClient
          ? { label: t('clientPicker.createHere'), onClick: onCreateClient, icon: 'plus' }
          : { label: t('clientPicker.emptyAction'), to: '/account/clients', icon: 'plus' }}
      />
    );
  }
  if (hideSingle && clients.length === 1) return <div key={client.id}>{children(client)}</div>;
  return (
    <>
      <div className="client-picker">
        <label htmlFor={`${id}-client`} className="client-picker__label">{t('clientPicker.label')}</label>
        <select
          id={`${id}-client`}
          className="client-picker__select"
          value={String(client.id)}
          onChange={(event) => choose(Number(event.target.value))}
        >
          {clients.map((item) => (
            <option key={item.id} value={String(item.id)}>{item.name}</option>
          ))}
        </select>
        <span className="client-picker__role">{t('clientPicker.role', { role: t(`clientPicker.roles.${client.role}`) })}</span>
        {onCreateClient ? (
          <button type="button" className="ui-button ui-button--link client-picker__new" onClick={onCreateClient}>
            {t('clientPicker.newClient')}
          </button>
        ) : null}
      </div>
      <div key={client.id}>{children(client)}</div>
    </>
  );
}
