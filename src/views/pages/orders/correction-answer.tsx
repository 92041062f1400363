import { useState } from 'react';
import type { EngineerRequest } from '../../../contract/engineer-requests';
import type { Order } from '../../../contract/orders';
import { callFailureText } from '../../../services/call-failure';
import { useT } from '../../../services/i18n';
import { FormError } from '../../components/form/form-error';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useAcceptEngineerCorrection } from './api/order-mutations';

/**
 * The customer's answer to corrected parameters: accept them (the order is charged the new total) or decline them
 * after a confirmation (the order goes back to the engineer). The gateway's refusal, such as a role that may not
 * order, is shown here above the buttons.
 */
export function CorrectionAnswer({ order, request }: { order: Order; request: EngineerRequest }) {
  const t = useT();
  const answer = useAcceptEngineerCorrection();
  const [confirming, setConfirming] = useState(false);
  const refusal = answer.error ? callFailureText('orders', answer.error) : null;
  const sending = (accept: boolean) => answer.isPending && answer.variables.accept === accept;
  const send = (accept: boolean) => {
    if (answer.isPending) return;
    answer.mutate({ order, requestId: request.id, accept });
  };

  return (
    <div className="order-form order-request__form" role="group" aria-label={t('orders.requests.correction.formLabel')}>
      <FormError message={refusal} />
      <div className="order-form__actions order-correction__actions">
        <Button variant="secondary" busy={sending(false)} disabled={answer.isPending} onClick={() => setConfirming(true)}>
          {t('orders.requests.correction.decline')}
        </Button>
        <Button busy={sending(true)} disabled={answer.isPending} onClick={() => send(true)}>
          {t('orders.requests.correction.accept')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        text={t('orders.requests.correction.declineConfirm')}
        okLabel={t('orders.requests.correction.decline')}
        onConfirm={() => {
          setConfirming(false);
          send(false);
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
