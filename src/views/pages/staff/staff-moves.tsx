import { useState } from 'react';
import type { Order, OrderAction } from '../../../contract/orders';
import { deskActions } from '../../../contract/staff-orders';
import { useT } from '../../../services/i18n';
import { Button } from '../../components/ui/button';
import { useMove } from './api/staff-mutations';
import { ReasonDialog } from './reason-dialog';

/** The moves that need words: a reason for a hold or a cancellation, the carrier and tracking number for shipping. */
const ASKING: Partial<Record<OrderAction, readonly { name: 'reason' | 'carrier' | 'trackingNumber'; required: string }[]>> = {
  hold: [{ name: 'reason', required: 'staff.check.reasonRequired' }],
  cancel: [{ name: 'reason', required: 'staff.check.reasonRequired' }],
  ship: [{ name: 'carrier', required: 'staff.moves.carrierRequired' }, { name: 'trackingNumber', required: 'staff.moves.trackingRequired' }],
};

/** The order desk's moves the lifecycle allows from where the order is (order-lifecycle.ts decides, not this view). */
export function StaffMoves({ order }: { order: Order }) {
  const t = useT();
  const move = useMove();
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const actions = deskActions({ status: order.status, held: order.holdReason !== null, filesAwaited: order.filesAwaited, holdCode: order.holdCode ?? null });
  const fields = asking ? ASKING[asking] ?? [] : [];
  return (
    <section className="staff-moves" aria-labelledby="staff-moves-heading">
      <h2 id="staff-moves-heading">{t('staff.moves.heading')}</h2>
      {actions.length === 0 ? <p className="staff-muted">{t('staff.moves.none')}</p> : (
        <div className="staff-actions">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'cancel' || action === 'hold' ? 'secondary' : 'primary'}
              busy={move.isPending && move.variables.action === action}
              onClick={() => (ASKING[action] ? setAsking(action) : move.mutate({ orderId: order.id, action }))}
            >
              {t(`staff.moves.${action}`)}
            </Button>
          ))}
        </div>
      )}
      <ReasonDialog
        open={asking !== null}
        title={asking ? t(`staff.moves.${asking}`) : ''}
        okLabel={t('staff.moves.confirm')}
        fields={fields.map(({ name, required }) => ({ name, label: t(`staff.moves.${name}`), requiredText: t(required) }))}
        onConfirm={(values) => {
          if (asking) move.mutate({ orderId: order.id, action: asking, ...values });
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
