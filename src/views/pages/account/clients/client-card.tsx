import { useState } from 'react';
import { managesUsers, type Client } from '../../../../contract/clients';
import { useT } from '../../../../services/i18n';
import { ClientAccessPanel } from '../../../components/client-access/client-access-panel';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { Skeleton } from '../../../components/ui/skeleton';
import { TabPanel, Tabs, type TabItem } from '../../../components/ui/tabs';
import { ClientDataTab } from './client-data-tab';
import { ClientUsersTab } from './client-users-tab';
import { useClient } from './api/get-client';
import { roleKey } from './labels';

type CardTab = 'data' | 'users' | 'access';

interface ClientCardProps {
  clientId: number;
  onClose: () => void;
  /** A fresher copy of the client (saved, users changed, ownership moved): the list row follows it. */
  onChanged: (client: Client) => void;
  onLeft: (client: Client) => void;
}

/** The client's own tabs, only on /account/clients — Данные, Пользователи and, for owner and admin, Доступ. */
export function ClientCard({ clientId, onClose, onChanged, onLeft }: ClientCardProps) {
  const t = useT();
  const { data: client, isError, refetch } = useClient(clientId);
  const [tab, setTab] = useState<CardTab>('data');

  const closeButton = (
    <button type="button" className="ui-icon-button clients-card__close" aria-label={t('account.clients.card.close')} onClick={onClose}>
      <Icon name="close" size={20} />
    </button>
  );
  if (!client && isError) {
    return (
      <div className="clients-card clients-card--message">
        {closeButton}
        <p>{t('account.clients.card.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void refetch()}>{t('account.clients.card.retry')}</Button>
      </div>
    );
  }
  if (!client) return <div className="clients-card"><Skeleton rows={4} imageSize={40} /></div>;

  const tabs: TabItem<CardTab>[] = [
    { id: 'data', name: t('account.clients.card.tabs.data') },
    { id: 'users', name: t('account.clients.card.tabs.users'), total: client.usersCount },
    ...(managesUsers(client.role) ? [{ id: 'access' as const, name: t('account.clients.card.tabs.access'), total: client.pendingRequestsCount }] : []),
  ];
  return (
    <article className="clients-card" aria-labelledby="clients-card-title">
      <header className="clients-card__header">
        <div>
          <h2 id="clients-card-title" className="clients-card__title">{client.name}</h2>
          <p className="clients-card__subtitle">{client.fullName} · {t('account.clients.row.role', { role: t(roleKey(client.role)) })}</p>
        </div>
        {closeButton}
      </header>
      <Tabs tabs={tabs} value={tab} onValueChange={setTab} label={t('account.clients.card.tabsLabel')}>
        <TabPanel value="data"><ClientDataTab client={client} onSaved={onChanged} /></TabPanel>
        <TabPanel value="users"><ClientUsersTab client={client} onClientChanged={onChanged} onLeft={() => onLeft(client)} /></TabPanel>
        {managesUsers(client.role) ? <TabPanel value="access"><ClientAccessPanel clientId={client.id} role={client.role} /></TabPanel> : null}
      </Tabs>
    </article>
  );
}
