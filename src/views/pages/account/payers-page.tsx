import { PayersPanel } from './ordering-data/payers-panel';
import { OrderingDataPage } from './ordering-data/ordering-data-page';

/**
 * /account/counteragents: the payers of the chosen client. Props are PageProps of src/app/pages.ts, typed here by
 * hand: a view importing the app layer would break the layer rule (and close an import cycle).
 */
export default function PayersPage({ title }: { title: string }) {
  return (
    <OrderingDataPage title={title} section="account.payers">
      {(client, editable) => <PayersPanel client={client} editable={editable} />}
    </OrderingDataPage>
  );
}
