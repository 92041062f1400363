import { useState } from 'react';
import type { StaffOrder } from '../../../contract/staff-orders';
import { ASKED_KINDS } from '../../../contract/staff-orders';
import { useT } from '../../../services/i18n';
import { Button } from '../../components/ui/button';
import { useAsk, useCheckCancel, useRelease } from './api/staff-mutations';
import { CorrectionDialog } from './correction-dialog';
import { ReasonDialog } from './reason-dialog';

type Dialog = 'release' | 'correct' | 'ask' | 'cancel' | null;
type Kind = (typeof ASKED_KINDS)[number];

/**
 * The engineer's verdict at the check: release it, release it with corrected parameters for the customer to accept, ask
 * the customer (new files or a decision), or cancel it.
 */
export function StaffCheckActions({ staffOrder }: { staffOrder: StaffOrder }) {
  const t = useT();
  const orderId = staffOrder.order.id;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [kind, setKind] = useState<Kind>('files');
  const [lineIds, setLineIds] = useState<number[]>([]);
  const release = useRelease();
  const ask = useAsk();
  const cancel = useCheckCancel();
  // Every question starts afresh: new files, no lines chosen.
  const close = () => {
    setDialog(null);
    setKind('files');
    setLineIds([]);
  };
  return (
    <div className="staff-actions" role="group" aria-label={t('staff.check.heading')}>
      <Button busy={release.isPending} onClick={() => setDialog('release')}>{t('staff.check.release')}</Button>
      <Button variant="secondary" onClick={() => setDialog('correct')}>{t('staff.correct.action')}</Button>
      <Button variant="secondary" busy={ask.isPending} onClick={() => setDialog('ask')}>{t('staff.check.ask')}</Button>
      <Button variant="secondary" busy={cancel.isPending} onClick={() => setDialog('cancel')}>{t('staff.check.cancel')}</Button>
      <ReasonDialog
        open={dialog === 'release'}
        title={t('staff.check.releaseTitle')}
        okLabel={t('staff.check.release')}
        fields={[{ name: 'note', label: t('staff.check.releaseNote'), multiline: true }]}
        onConfirm={({ note = '' }) => { close(); release.mutate({ orderId, note }); }}
        onCancel={close}
      />
      <CorrectionDialog staffOrder={staffOrder} open={dialog === 'correct'} onClose={close} />
      <ReasonDialog
        open={dialog === 'ask'}
        title={t('staff.check.askTitle')}
        okLabel={t('staff.check.askSend')}
        fields={[{ name: 'message', label: t('staff.check.askMessage'), requiredText: t('staff.check.messageRequired'), multiline: true }]}
        onConfirm={({ message = '' }) => {
          close();
          ask.mutate({ orderId, kind, message, lineIds: kind === 'files' ? lineIds : [] });
        }}
        onCancel={close}
      >
        <fieldset className="staff-dialog__group">
          <legend>{t('staff.check.askKind')}</legend>
          {ASKED_KINDS.map((value) => (
            <label key={value}>
              <input type="radio" name="kind" checked={kind === value} onChange={() => setKind(value)} />
              {t(value === 'files' ? 'staff.check.askFiles' : 'staff.check.askDecision')}
            </label>
          ))}
        </fieldset>
        {kind === 'files' && staffOrder.order.lines.length > 1 ? (
          <fieldset className="staff-dialog__group">
            <legend>{t('staff.check.askLines')}</legend>
            {staffOrder.order.lines.map((line) => (
              <label key={line.id}>
                <input
                  type="checkbox"
                  checked={lineIds.includes(line.id)}
                  onChange={(event) => setLineIds((ids) => (event.target.checked ? [...ids, line.id] : ids.filter((id) => id !== line.id)))}
                />
                {line.title}
              </label>
            ))}
          </fieldset>
        ) : null}
      </ReasonDialog>
      <ReasonDialog
        open={dialog === 'cancel'}
        title={t('staff.check.cancelTitle')}
        okLabel={t('staff.check.cancel')}
        fields={[{ name: 'reason', label: t('staff.check.cancelReason'), requiredText: t('staff.check.reasonRequired'), multiline: true }]}
        onConfirm={({ reason = '' }) => { close(); cancel.mutate({ orderId, reason }); }}
        onCancel={close}
      />
    </div>
  );
}
