import { useState } from 'react';
import type { Order } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { SelectField } from '../../components/form/select-field';
import { TextAreaField } from '../../components/form/text-area-field';
import { Button } from '../../components/ui/button';
import { useAddOrderComplaint } from './api/order-mutations';
import { FlowForm } from '../../components/form/flow-form';

/** The select's empty option: a complaint about no one line. */
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
      <SelectField
        label={t('orders.complaints.line')}
        controlClassName="orders-select"
        value={lineId}
        onValueChange={setLineId}
        emptyOption={t('orders.complaints.wholeOrder')}
        options={order.lines.map((line) => ({ value: String(line.id), label: line.title }))}
      />
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
