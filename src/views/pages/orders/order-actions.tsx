import { useState } from 'react';
import type { Order } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import type { ReorderResult } from '../../../services/orders';
import { LocalLink } from '../../components/local-link';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import type { OrderCommands } from './use-order-commands';

interface OrderActionsProps {
  order: Order;
  commands: OrderCommands;
  onChanged: (order: Order) => void;
}

/** 'Повторить заказ' and, before payment, 'Отменить заказ' with a reason; only what the gateway says is allowed. */
export function OrderActions({ order, commands, onChanged }: OrderActionsProps) {
  const t = useT();
  const [busy, setBusy] = useState<'reorder' | 'cancel' | null>(null);
  const [asking, setAsking] = useState(false);
  const [reordered, setReordered] = useState<ReorderResult | null>(null);
  if (!order.can.reorder && !order.can.cancel) return null;

  const reorder = async () => {
    setBusy('reorder');
    const result = await commands.reorder(order);
    setBusy(null);
    if (result) setReordered(result);
  };
  const cancel = async (reason: string) => {
    setAsking(false);
    setBusy('cancel');
    const saved = await commands.cancel(order, reason);
    setBusy(null);
    if (saved) onChanged(saved);
  };

  return (
    <div className="order-actions">
      <div className="order-actions__buttons">
        {order.can.reorder ? (
          <Button variant="secondary" busy={busy === 'reorder'} disabled={busy !== null} onClick={() => void reorder()}>
            {t('orders.actions.reorder')}
          </Button>
        ) : null}
        {order.can.cancel ? (
          <Button variant="secondary" className="order-actions__cancel" busy={busy === 'cancel'} disabled={busy !== null} onClick={() => setAsking(true)}>
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
        onConfirm={(reason) => void cancel(reason)}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
