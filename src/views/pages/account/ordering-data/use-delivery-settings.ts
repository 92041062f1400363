import { useEffect, useState } from 'react';
import type { DeliverySetting } from '../../../../contract/delivery-settings';
import { orderingDataGateway, type DeliveryReference } from '../../../../services/ordering-data';

export type DeliveryState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; items: DeliverySetting[]; reference: DeliveryReference };

/** A client's delivery settings with the reference they name; `reload` keeps the old rows on screen meanwhile. */
export function useDeliverySettings(clientId: number) {
  const [state, setState] = useState<DeliveryState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const gateway = orderingDataGateway().delivery;
    Promise.all([gateway.list(clientId, controller.signal), gateway.reference()]).then(
      ([items, reference]) => {
        if (!controller.signal.aborted) setState({ status: 'loaded', items, reference });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec 8: list and dictionary failures are only logged; the tab offers a retry.
        console.error('[delivery] list failed', error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [clientId, version]);

  return {
    state,
    reload: () => setVersion((count) => count + 1),
    retry: () => {
      setState({ status: 'loading' });
      setVersion((count) => count + 1);
    },
  };
}
