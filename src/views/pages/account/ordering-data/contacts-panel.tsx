import { useMemo } from 'react';
import type { Client } from '../../../../contract/clients';
import { CONTACT_FILTER_CODES, CONTACT_SORT_CODES, contactName } from '../../../../contract/contacts';
import { contactsListFlowFor } from '../../../../services/ordering-data';
import { useRemoveContact } from './api/ordering-data-mutations';
import { ContactForm } from './contact-form';
import { ContactRow } from './contact-row';
import { PagedAreaPanel } from './paged-area-panel';

/** One client's contact persons. */
export function ContactsPanel({ client, editable }: { client: Client; editable: boolean }) {
  const machine = useMemo(() => contactsListFlowFor(client.id), [client.id]);
  const remove = useRemoveContact();
  return (
    <PagedAreaPanel
      section="account.contacts" listName="contacts" icon="contact" titleOf={contactName}
      machine={machine} editable={editable} remove={remove}
      sortCodes={CONTACT_SORT_CODES} filterCodes={CONTACT_FILTER_CODES} defaultSort={{ code: 'lastName', orderBy: 'asc' }}
      renderRow={(item, callbacks) => <ContactRow item={item} callbacks={callbacks} />}
      renderForm={(item, callbacks) => <ContactForm clientId={client.id} item={item} {...callbacks} />}
    />
  );
}
