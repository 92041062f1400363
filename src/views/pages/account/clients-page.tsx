import { ClientsView } from './clients/clients-view';

/** /account/clients: the user's client organisations. */
export default function ClientsPage({ title }: { title: string }) {
  return <ClientsView title={title} />;
}
