import { useMemo } from 'react';
import type { Client } from '../../../../contract/clients';
import { COUNTERAGENT_FILTER_CODES, COUNTERAGENT_SORT_CODES } from '../../../../contract/counteragents';
import { counteragentsListFlowFor } from '../../../../services/ordering-data';
import { useRemoveCounteragent } from './api/ordering-data-mutations';
import { CounteragentForm } from './counteragent-form';
import { CounteragentRow, counteragentTitle } from './counteragent-row';
import { PagedAreaPanel } from './paged-area-panel';

/** One client's payers. */
export function CounteragentsPanel({ client, editable }: { client: Client; editable: boolean }) {
  const machine = useMemo(() => counteragentsListFlowFor(client.id), [client.id]);
  const remove = useRemoveCounteragent();
  return (
    <PagedAreaPanel
      section="account.counteragents" listName="counteragents" icon="counteragent" titleOf={counteragentTitle}
      machine={machine} editable={editable} remove={remove}
      sortCodes={COUNTERAGENT_SORT_CODES} filterCodes={COUNTERAGENT_FILTER_CODES} defaultSort={{ code: 'name', orderBy: 'asc' }}
      renderRow={(item, callbacks) => <CounteragentRow item={item} callbacks={callbacks} />}
      renderForm={(item, callbacks) => <CounteragentForm client={client} item={item} {...callbacks} />}
    />
  );
}
