import { useState } from 'react';
import type { PcbParams, ProjectParams } from '../../../contract/board';
import type { StaffOrder } from '../../../contract/staff-orders';
import { useT } from '../../../services/i18n';
import { changedParams } from '../../components/board/param-rows';
import { FieldFrame } from '../../components/form/field';
import { Modal } from '../../components/ui/modal';
import { isCorrectionFieldError, useCorrect } from './api/staff-mutations';
import { CORRECTED_FIELDS, CorrectionFields } from './correction-fields';
import { FlowForm } from '../../components/form/flow-form';

const REFUSED_FIELD = /^lines\.(\d+)\.params\.(.+)$/;
const isCorrectedField = (field: string): boolean => (CORRECTED_FIELDS as readonly string[]).includes(field);

/** The check passes with corrected parameters: the engineer picks lines, edits their boards and tells the customer why. */
export function CorrectionDialog({ staffOrder, open, onClose }: { staffOrder: StaffOrder; open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={t('staff.correct.title')} width={720}>
      {open ? <CorrectionForm staffOrder={staffOrder} onClose={onClose} /> : null}
    </Modal>
  );
}

function CorrectionForm({ staffOrder, onClose }: { staffOrder: StaffOrder; onClose: () => void }) {
  const t = useT();
  const correct = useCorrect();
  const { order } = staffOrder;
  // Only a line whose parameters the gateway kept can be corrected: they are what the correction starts from.
  const lines = staffOrder.boards.flatMap((board) => {
    const line = order.lines.find((candidate) => candidate.id === board.lineId);
    return line && board.params ? [{ line, params: board.params }] : [];
  });
  const [edited, setEdited] = useState<Record<number, ProjectParams>>({});
  const [message, setMessage] = useState('');
  const [checked, setChecked] = useState(false);
  const [sentLineIds, setSentLineIds] = useState<number[]>([]);
  const chosen = lines.filter(({ line }) => edited[line.id] !== undefined);
  const refusal = isCorrectionFieldError(correct.error) ? correct.error : null;
  const refused = refusal?.field ? REFUSED_FIELD.exec(refusal.field) : null;
  const refusedLineId = refused ? sentLineIds[Number(refused[1])] : undefined;
  const errorOf = (lineId: number) => (field: string) =>
    (refusal && refusedLineId === lineId && refused?.[2] === field ? refusal.message : undefined);
  const unplaced = refusal && !(refused && isCorrectedField(refused[2] ?? '')) && refusal.field !== 'message' ? refusal.message : undefined;

  const choose = (lineId: number, params: ProjectParams, on: boolean) => setEdited((now) => {
    const rest = Object.fromEntries(Object.entries(now).filter(([id]) => Number(id) !== lineId));
    return on ? { ...rest, [lineId]: structuredClone(params) } : rest;
  });
  const patch = (lineId: number, change: Partial<PcbParams>) => {
    correct.reset();
    setEdited((now) => {
      const params = now[lineId];
      return params ? { ...now, [lineId]: { ...params, board: { ...params.board, ...change } } } : now;
    });
  };
  const numbersValid = chosen.every(({ line }) =>
    Object.values(edited[line.id]?.board ?? {}).every((value) => typeof value !== 'number' || Number.isFinite(value)),
  );
  const unchanged = chosen.filter(({ line, params }) => {
    const now = edited[line.id];
    return now !== undefined && changedParams(t, params, now).length === 0;
  });
  const problem = chosen.length === 0 ? t('staff.correct.noLines') : unchanged.length > 0
    ? t('staff.correct.unchanged', { lines: unchanged.map(({ line }) => line.title).join(', ') }) : undefined;

  return (
    <FlowForm
      className="staff-dialog staff-correction"
      onSubmit={() => {
        setChecked(true);
        if (problem || !numbersValid || message.trim() === '') return;
        const sent = chosen.flatMap(({ line }) => { const params = edited[line.id]; return params ? [{ lineId: line.id, params }] : []; });
        setSentLineIds(sent.map((entry) => entry.lineId));
        correct.mutate({ orderId: order.id, message: message.trim(), lines: sent }, { onSuccess: onClose });
      }}
    >
      <p className="staff-muted">{t('staff.correct.lead')}</p>
      {lines.length === 0 ? <p role="alert">{t('staff.correct.noParams')}</p> : null}
      {lines.map(({ line, params }) => {
        const now = edited[line.id];
        return (
          <fieldset key={line.id} className="staff-dialog__group staff-correction__line">
            <legend>
              <label>
                <input type="checkbox" checked={now !== undefined} onChange={(event) => choose(line.id, params, event.target.checked)} />
                {t('staff.correct.lineOf', { title: line.title, quantity: line.quantity })}
              </label>
            </legend>
            {now ? <CorrectionFields board={now.board} onChange={(change) => patch(line.id, change)} errorOf={errorOf(line.id)} /> : null}
            {now && changedParams(t, params, now).length > 0 ? (
              <ul className="staff-correction__preview" aria-label={t('orders.requests.correction.changesOf', { title: line.title })}>
                {changedParams(t, params, now).map((change) => (
                  <li key={change.key}>
                    {t('orders.requests.correction.change', { label: change.label, before: change.before ?? '', after: change.after ?? '' })}
                  </li>
                ))}
              </ul>
            ) : null}
          </fieldset>
        );
      })}
      {checked && problem ? <p role="alert" className="field__error">{problem}</p> : null}
      <FieldFrame
        label={t('staff.correct.message')}
        error={checked && message.trim() === '' ? t('staff.check.messageRequired') : refusal?.field === 'message' ? refusal.message : undefined}
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id} name="message" rows={4} className="field__input" value={message}
            aria-invalid={invalid || undefined} aria-describedby={describedBy}
            onChange={(event) => { correct.reset(); setMessage(event.target.value); }}
          />
        )}
      </FieldFrame>
      {unplaced ? <p role="alert" className="field__error">{unplaced}</p> : null}
      <div className="ui-confirm__actions">
        <button type="button" className="ui-button ui-button--secondary" onClick={onClose}>{t('staff.check.close')}</button>
        <button type="submit" className="ui-button ui-button--primary" disabled={correct.isPending}>{t('staff.correct.send')}</button>
      </div>
    </FlowForm>
  );
}
