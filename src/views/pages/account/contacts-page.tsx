import { ContactsPanel } from './ordering-data/contacts-panel';
import { OrderingDataPage } from './ordering-data/ordering-data-page';

/** /account/contacts: the contact persons of the chosen client. Props are PageProps (see payers-page.tsx). */
export default function ContactsPage({ title }: { title: string }) {
  return (
    <OrderingDataPage title={title} section="account.contacts">
      {(client, editable) => <ContactsPanel client={client} editable={editable} />}
    </OrderingDataPage>
  );
}
