import { DeliveryPanel } from './ordering-data/delivery-panel';
import { OrderingDataPage } from './ordering-data/ordering-data-page';

/** /account/delivery: where the chosen client's orders go. Props are PageProps (see payers-page.tsx). */
export default function DeliveryPage({ title }: { title: string }) {
  return (
    <OrderingDataPage title={title} section="account.delivery">
      {(client, editable) => <DeliveryPanel client={client} editable={editable} />}
    </OrderingDataPage>
  );
}
