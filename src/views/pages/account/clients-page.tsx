import { ClientsView } from './clients/clients-view';

/** /account/clients: the user's client organisations (issue 5). */
export default function ClientsPage({ title }: { title: string }) {
  return <ClientsView title={title} />;
}
