import { useState, type FormEvent } from 'react';
import type { EngineerRequest } from '../../../contract/engineer-requests';
import type { Order } from '../../../contract/orders';
import { ApiError } from '../../../services/api';
import { callFailureText } from '../../../services/call-failure';
import { ANSWER_MAX_LENGTH } from '../../../services/engineer-requests';
import { useT } from '../../../services/i18n';
import { FieldFrame } from '../../components/form/field';
import { FormError } from '../../components/form/form-error';
import { Button } from '../../components/ui/button';
import { useAnswerEngineerRequest } from './api/order-mutations';

/**
 * The customer's answer to an engineer's question: required, at most 2000 characters (a longer paste is kept and
 * said to be too long, not cut unseen). The gateway's refusal is shown here, under the answer when it names it.
 */
export function RequestAnswerForm({ order, request }: { order: Order; request: EngineerRequest }) {
  const t = useT();
  const answer = useAnswerEngineerRequest();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = text.trim();
  const problem = trimmed === '' ? t('ui.confirm.required')
    : trimmed.length > ANSWER_MAX_LENGTH ? t('orders.requests.tooLong', { max: ANSWER_MAX_LENGTH }) : undefined;
  const refusal = answer.error ? callFailureText('orders', answer.error) : null;
  const refusalOfAnswer = answer.error instanceof ApiError && answer.error.field === 'answer';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || answer.isPending) return;
    answer.mutate({ order, requestId: request.id, answer: trimmed });
  };

  return (
    <form className="order-form order-request__form" onSubmit={submit} noValidate aria-label={t('orders.requests.formLabel')}>
      {refusal && !refusalOfAnswer ? <FormError message={refusal} /> : null}
      <FieldFrame
        label={t('orders.requests.answer')}
        error={touched && problem ? problem : refusalOfAnswer ? refusal ?? undefined : undefined}
        hint={t('orders.requests.length', { count: trimmed.length, max: ANSWER_MAX_LENGTH })}
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            className="field__input order-form__text"
            rows={4}
            value={text}
            required
            aria-required
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            readOnly={answer.isPending}
            onChange={(event) => {
              setText(event.target.value);
              if (answer.error) answer.reset();
            }}
            onBlur={() => setTouched(true)}
          />
        )}
      </FieldFrame>
      <div className="order-form__actions">
        <Button type="submit" busy={answer.isPending}>{t('orders.requests.submit')}</Button>
      </div>
    </form>
  );
}
