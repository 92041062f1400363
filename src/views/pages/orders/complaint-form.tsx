import { useState } from 'react';
import type { Order } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { FieldFrame } from '../../components/form/field';
import { TextAreaField } from '../../components/form/text-area-field';
import { Button } from '../../components/ui/button';
import { useAddOrderComplaint } from './api/order-mutations';
import { FlowForm } from '../../components/form/flow-form';

const WHOLE_ORDER = '';

/** A complaint about the whole order or one of its lines; the text is required (the gateway checks it too). */
export function ComplaintForm({ order }: { order: Order }) {
  const t = useT();
  const complaint = useAddOrderComplaint();
  const [lineId, setLineId] = useState(WHOLE_ORDER);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = text.trim() === '';

  const submit = () => {
    setTouched(true);
    if (missing) return;
    const line = order.lines.find((candidate) => String(candidate.id) === lineId);
    complaint.mutate({ order, lineId: line?.id ?? null, text: text.trim() }, {
      onSuccess: () => {
        setLineId(WHOLE_ORDER);
        setText('');
        setTouched(false);
      },
    });
  };

  return (
    <FlowForm className="order-form" onSubmit={submit} aria-label={t('orders.complaints.formLabel')}>
      <FieldFrame label={t('orders.complaints.line')}>
        {({ id }) => (
          <select id={id} className="field__input orders-select" value={lineId} onChange={(event) => setLineId(event.target.value)}>
            <option value={WHOLE_ORDER}>{t('orders.complaints.wholeOrder')}</option>
            {order.lines.map((line) => <option key={line.id} value={String(line.id)}>{line.title}</option>)}
          </select>
        )}
      </FieldFrame>
      <TextAreaField
        label={t('orders.complaints.text')}
        error={touched && missing ? t('ui.confirm.required') : undefined}
        controlClassName="order-form__text"
        maxLength={4000}
        value={text}
        required
        aria-required
        onValueChange={setText}
        onBlur={() => setTouched(true)}
      />
      <div className="order-form__actions">
        <Button type="submit" busy={complaint.isPending}>{t('orders.complaints.submit')}</Button>
      </div>
    </FlowForm>
  );
}
