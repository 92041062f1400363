import { useState } from 'react';
import type { OrderClaim } from '../../../contract/staff-orders';
import { formatTime } from '../../../services/format';
import { useT } from '../../../services/i18n';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useClaim, useUnclaim } from './api/staff-mutations';

interface StaffClaimProps {
  orderId: number;
  claim: OrderClaim | null;
  /** The signed-in member's id: their own claim reads differently from a colleague's. */
  me: number;
}

/** Who reviews the order: take it, let it go, or take it over from a colleague after saying whose it is. */
export function StaffClaim({ orderId, claim, me }: StaffClaimProps) {
  const t = useT();
  const take = useClaim();
  const drop = useUnclaim();
  const [confirming, setConfirming] = useState(false);
  const mine = claim?.staffId === me;
  const text = !claim ? t('staff.claim.free')
    : mine ? t('staff.claim.mine', { time: formatTime(claim.at) })
    : t('staff.claim.other', { name: claim.name, time: formatTime(claim.at) });
  return (
    <div className={`staff-claim${claim && !mine ? ' staff-claim--other' : ''}`} role="status">
      <span>{text}</span>
      {!claim ? (
        <Button busy={take.isPending} onClick={() => take.mutate({ orderId, takeOver: false })}>{t('staff.claim.take')}</Button>
      ) : mine ? (
        <Button variant="secondary" busy={drop.isPending} onClick={() => drop.mutate({ orderId })}>{t('staff.claim.drop')}</Button>
      ) : (
        <Button variant="secondary" busy={take.isPending} onClick={() => setConfirming(true)}>{t('staff.claim.takeOver')}</Button>
      )}
      {claim && !mine ? (
        <ConfirmDialog
          open={confirming}
          text={t('staff.claim.takeOverTitle', { name: claim.name, time: formatTime(claim.at) })}
          okLabel={t('staff.claim.takeOver')}
          onConfirm={() => {
            setConfirming(false);
            take.mutate({ orderId, takeOver: true });
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
