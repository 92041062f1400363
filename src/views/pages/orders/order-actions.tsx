import { useState } from 'react';
import type { Order } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useCancelOrder, useReorder } from './api/order-mutations';

/** 'Повторить заказ' and, before payment, 'Отменить заказ' with a reason; only what the gateway says is allowed. */
export function OrderActions({ order }: { order: Order }) {
  const t = useT();
  const reorder = useReorder();
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  const busy = reorder.isPending || cancel.isPending;
  const reordered = reorder.data;
  if (!order.can.reorder && !order.can.cancel) return null;

  return (
    <div className="order-actions">
      <div className="order-actions__buttons">
        {order.can.reorder ? (
          <Button variant="secondary" busy={reorder.isPending} disabled={busy} onClick={() => reorder.mutate(order)}>
            {t('orders.actions.reorder')}
          </Button>
        ) : null}
        {order.can.cancel ? (
          <Button variant="secondary" className="order-actions__cancel" busy={cancel.isPending} disabled={busy} onClick={() => setAsking(true)}>
            {t('orders.actions.cancel')}
          </Button>
        ) : null}
      </div>
      {/* The toast goes in 5 s; the way to the cart stays by the button that filled it. */}
      {reordered ? (
        <p className="order-actions__result" role="status">
          {t('orders.actions.reordered', { added: reordered.added, skipped: reordered.skipped })}{' '}
          <LocalLink to="/cart">{t('orders.actions.toCart')}</LocalLink>
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        text={t('orders.actions.cancelConfirm', { number: order.number })}
        okLabel={t('orders.actions.cancel')}
        cancelLabel={t('orders.actions.keep')}
        withComment
        onConfirm={(reason) => {
          setAsking(false);
          cancel.mutate({ order, reason });
        }}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
