import { useState, type FormEvent } from 'react';
import type { Order } from '../../../contract/orders';
import { useT } from '../../../services/i18n';
import { FieldFrame } from '../../components/form/field';
import { Button } from '../../components/ui/button';
import type { OrderCommands } from './use-order-commands';

const WHOLE_ORDER = '';

/** A complaint about the whole order or one of its lines; the text is required (the gateway checks it too). */
export function ComplaintForm({ order, commands, onSaved }: { order: Order; commands: OrderCommands; onSaved: () => void }) {
  const t = useT();
  const [lineId, setLineId] = useState(WHOLE_ORDER);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const missing = text.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
    setSending(true);
    const line = order.lines.find((candidate) => String(candidate.id) === lineId);
    const saved = await commands.addComplaint(order, line?.id ?? null, text.trim());
    setSending(false);
    if (saved) {
      setLineId(WHOLE_ORDER);
      setText('');
      setTouched(false);
      onSaved();
    }
  };

  return (
    <form className="order-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('orders.complaints.formLabel')}>
      <FieldFrame label={t('orders.complaints.line')}>
        {({ id }) => (
          <select id={id} className="field__input orders-select" value={lineId} onChange={(event) => setLineId(event.target.value)}>
            <option value={WHOLE_ORDER}>{t('orders.complaints.wholeOrder')}</option>
            {order.lines.map((line) => <option key={line.id} value={String(line.id)}>{line.title}</option>)}
          </select>
        )}
      </FieldFrame>
      <FieldFrame label={t('orders.complaints.text')} error={touched && missing ? t('ui.confirm.required') : undefined}>
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            className="field__input order-form__text"
            rows={3}
            maxLength={4000}
            value={text}
            required
            aria-required
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => setTouched(true)}
          />
        )}
      </FieldFrame>
      <div className="order-form__actions">
        <Button type="submit" busy={sending}>{t('orders.complaints.submit')}</Button>
      </div>
    </form>
  );
}
