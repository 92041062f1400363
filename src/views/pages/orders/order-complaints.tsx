import { useState } from 'react';
import type { Order, OrderComplaint } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useCancelOrderComplaint } from './api/order-mutations';
import { ComplaintForm } from './complaint-form';
import { OrderNote } from './order-note';
import { OrderPanel } from './order-panel';

/**
 * Complaints with their request status and the manufacturer's answer; a form once the boards are made. A complaint
 * made or withdrawn has the order asked again.
 */
export function OrderComplaints({ order }: { order: Order }) {
  const t = useT();
  const [withdrawing, setWithdrawing] = useState<OrderComplaint | null>(null);
  const cancelComplaint = useCancelOrderComplaint();
  const busy = cancelComplaint.isPending ? cancelComplaint.variables.complaintId : null;
  if (order.complaints.length === 0 && !order.can.complain) return null;

  const lineTitle = (lineId: number | null) =>
    (lineId === null ? t('orders.complaints.wholeOrder') : order.lines.find((line) => line.id === lineId)?.title ?? t('orders.complaints.wholeOrder'));
  const canWithdraw = (complaint: OrderComplaint) => complaint.status === 'new' && complaint.isMine;
  const withdraw = (complaint: OrderComplaint) => {
    setWithdrawing(null);
    cancelComplaint.mutate({ order, complaintId: complaint.id });
  };

  return (
    <OrderPanel id="order-complaints-title" title={t('orders.complaints.title')}>
      {order.complaints.length > 0 ? (
        <ul className="order-notes">
          {order.complaints.map((complaint) => (
            <OrderNote
              key={complaint.id}
              data={{ 'data-complaint-id': complaint.id }}
              badge={<span className={`request-status request-status--${complaint.status}`}>{t(`requestStatus.${complaint.status}`)}</span>}
              subject={lineTitle(complaint.lineId)}
              author={complaint.authorName}
              createdAt={complaint.createdAt}
            >
              <p className="order-note__text">{complaint.text}</p>
              {complaint.resolution ? (
                <p className="order-note__resolution">{t('orders.complaints.resolution', { text: complaint.resolution })}</p>
              ) : null}
              {canWithdraw(complaint) ? (
                <Button variant="link" busy={busy === complaint.id} onClick={() => setWithdrawing(complaint)}>
                  {t('orders.complaints.withdraw')}
                </Button>
              ) : null}
            </OrderNote>
          ))}
        </ul>
      ) : null}
      {order.can.complain ? <ComplaintForm order={order} /> : null}
      <ConfirmDialog
        open={withdrawing !== null}
        text={t('orders.complaints.withdrawConfirm')}
        okLabel={t('orders.complaints.withdraw')}
        onConfirm={() => {
          if (withdrawing) withdraw(withdrawing);
        }}
        onCancel={() => setWithdrawing(null)}
      />
    </OrderPanel>
  );
}
