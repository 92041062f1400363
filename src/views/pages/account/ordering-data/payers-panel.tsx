import { useMemo } from 'react';
import type { Client } from '../../../../contract/clients';
import { PAYER_FILTER_CODES, PAYER_SORT_CODES } from '../../../../contract/payers';
import { payersListFlowFor } from '../../../../services/ordering-data';
import { useRemovePayer } from './api/ordering-data-mutations';
import { PayerForm } from './payer-form';
import { PayerRow, payerTitle } from './payer-row';
import { PagedAreaPanel } from './paged-area-panel';

/** One client's payers. */
export function PayersPanel({ client, editable }: { client: Client; editable: boolean }) {
  const machine = useMemo(() => payersListFlowFor(client.id), [client.id]);
  const remove = useRemovePayer();
  return (
    <PagedAreaPanel
      section="account.payers" listName="payers" icon="payer" titleOf={payerTitle}
      machine={machine} editable={editable} remove={remove}
      sortCodes={PAYER_SORT_CODES} filterCodes={PAYER_FILTER_CODES} defaultSort={{ code: 'name', orderBy: 'asc' }}
      renderRow={(item, callbacks) => <PayerRow item={item} callbacks={callbacks} />}
      renderForm={(item, callbacks) => <PayerForm client={client} item={item} {...callbacks} />}
    />
  );
}
