import { useState } from 'react';
import type { EngineerRequest } from '../../../contract/engineer-requests';
import type { Order } from '../../../contract/orders';
import { ApiError } from '../../../services/api';
import { callFailureText } from '../../../services/call-failure';
import { ANSWER_MAX_LENGTH } from '../../../services/engineer-requests';
import { useT } from '../../../services/i18n';
import { TextAreaField } from '../../components/form/text-area-field';
import { FormError } from '../../components/form/form-error';
import { Button } from '../../components/ui/button';
import { useAnswerEngineerRequest } from './api/order-mutations';
import { FlowForm } from '../../components/form/flow-form';

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

  const submit = () => {
    setTouched(true);
    if (problem || answer.isPending) return;
    answer.mutate({ order, requestId: request.id, answer: trimmed });
  };

  return (
    <FlowForm className="order-form order-request__form" onSubmit={submit} aria-label={t('orders.requests.formLabel')}>
      {refusal && !refusalOfAnswer ? <FormError message={refusal} /> : null}
      <TextAreaField
        label={t('orders.requests.answer')}
        error={touched && problem ? problem : refusalOfAnswer ? refusal ?? undefined : undefined}
        hint={t('orders.requests.length', { count: trimmed.length, max: ANSWER_MAX_LENGTH })}
        controlClassName="order-form__text"
        rows={4}
        value={text}
        required
        aria-required
        readOnly={answer.isPending}
        onValueChange={(value) => {
          setText(value);
          if (answer.error) answer.reset();
        }}
        onBlur={() => setTouched(true)}
      />
      <div className="order-form__actions">
        <Button type="submit" busy={answer.isPending}>{t('orders.requests.submit')}</Button>
      </div>
    </FlowForm>
  );
}
