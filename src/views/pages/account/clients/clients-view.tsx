import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Client } from '../../../../contract/clients';
import { subscribeClientsChanged } from '../../../../services/client-events';
import { clientsListFlow, readClientSort } from '../../../../services/clients';
import { clientIdOfQuery } from '../../../../services/my-clients';
import { useT } from '../../../../services/i18n';
import { showToast } from '../../../../services/toasts';
import { MyInvitations } from '../../../components/client-access/my-invitations';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { Modal } from '../../../components/ui/modal';
import { ClientCard } from './client-card';
import { ClientList } from './client-list';
import { CreationFlow } from './creation-flow';
import { ClientsToolbar } from './clients-toolbar';
import { RestorationFlow } from './restoration-flow';
import './clients.css';

type Dialog = 'create' | 'restore' | null;

/** The clients tab: my invitations, the list with its card (the client in `?clientId=`), create and restore. */
export function ClientsView({ title }: { title: string }) {
  const t = useT();
  const list = useActorRef(clientsListFlow, { input: { query: { sort: readClientSort() } } });
  // An accepted or declined invitation elsewhere on the page changes the user's clients: the list starts over.
  useEffect(() => subscribeClientsChanged(() => list.send({ type: 'list.reload' })), [list]);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const selectedId = clientIdOfQuery(search);
  // ?create=1 opens the new-client flow at once: the dashboard's first step leads here.
  const [dialog, setDialog] = useState<Dialog>(() => (new URLSearchParams(search).has('create') ? 'create' : null));

  const select = (id: number) => navigate(`${location}?clientId=${id}`);
  const closeCard = () => navigate(location);
  // A new or restored client joins the list and opens.
  const added = (client: Client, text: string) => {
    setDialog(null);
    list.send({ type: 'list.reload' });
    showToast({ kind: 'success', text });
    select(client.id);
  };

  return (
    <div className="clients-page">
      <header className="clients-page__header">
        <div>
          <h1 className="clients-page__title">{title}</h1>
          <p className="clients-page__lead">{t('account.clients.lead')}</p>
        </div>
        <div className="clients-page__actions">
          <Button onClick={() => setDialog('create')}>
            <Icon name="plus" size={18} />
            {t('account.clients.actions.create')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('restore')}>{t('account.clients.actions.restore')}</Button>
        </div>
      </header>
      <MyInvitations />
      <div className="clients-page__body">
        <section className="clients-page__list" aria-label={t('account.clients.list.label')}>
          <ClientsToolbar list={list} />
          <ClientList list={list} selectedId={selectedId} onSelect={(client) => select(client.id)} onCreate={() => setDialog('create')} />
        </section>
        <section className="clients-page__card">
          {selectedId === null ? (
            <p className="clients-page__choose">{t('account.clients.card.choose')}</p>
          ) : (
            <ClientCard
              key={selectedId}
              clientId={selectedId}
              onClose={closeCard}
              onChanged={(client) => list.send({ type: 'list.updateItem', id: client.id, changes: client })}
              onLeft={() => {
                list.send({ type: 'list.reload' });
                closeCard();
              }}
            />
          )}
        </section>
      </div>
      <Modal
        open={dialog === 'create'}
        onOpenChange={(open) => {
          setDialog(open ? 'create' : null);
          // Closed without a client: the address no longer asks for the flow, so a reload does not reopen it.
          if (!open && new URLSearchParams(search).has('create')) navigate(location, { replace: true });
        }}
        title={t('account.clients.creation.title')}
        width={720}
      >
        {dialog === 'create' ? <CreationFlow onDone={(client) => added(client, t('account.clients.creation.done', { name: client.name }))} /> : null}
      </Modal>
      <Modal open={dialog === 'restore'} onOpenChange={(open) => setDialog(open ? 'restore' : null)} title={t('account.clients.restoration.title')} width={640}>
        {dialog === 'restore' ? <RestorationFlow onDone={(client) => added(client, t('account.clients.restoration.done', { name: client.name }))} /> : null}
      </Modal>
    </div>
  );
}
