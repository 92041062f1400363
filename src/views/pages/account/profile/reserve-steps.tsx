import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  RESERVE_FIELDS, type reserveConfirmationMachine,
} from '../../../../machines/reserve-confirmation/reserve-confirmation';
import { useT } from '../../../../services/i18n';
import { FlowForm } from '../../../components/form/flow-form';
import { FormError } from '../../../components/form/form-error';
import { PhoneField } from '../../../components/form/phone-field';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { useFocusFirstInvalid } from '../../auth/flow-hooks';
import { keepTogether } from '../../auth/keep-together';
import { CodeForm, useCodeFlow } from './code-form';
import { useFlowErrorState } from './flow-errors';
import { useFormErrors } from './use-form-errors';

type ReserveActor = ActorRefFrom<typeof reserveConfirmationMachine>;

/** The new reserve phone (with the +7 mask) or e-mail. */
export function ReserveValueStep({ actor }: { actor: ReserveActor }) {
  const t = useT();
  const kind = useSelector(actor, (snapshot) => snapshot.context.kind);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const errors = useFormErrors(useFlowErrorState(actor), [RESERVE_FIELDS.value]);
  const fieldError = errors.field(RESERVE_FIELDS.value);
  const formRef = useFocusFirstInvalid(fieldError.error);
  const [value, setValue] = useState('');
  const field = { label: t(`account.profile.reserve.value.${kind}`), name: kind, autoFocus: true, value, ...fieldError };
  return (
    <FlowForm
      formRef={formRef}
      className="profile-flow profile-reserve__form"
      onSubmit={() => actor.send({ type: 'reserve.submitValue', value })}
    >
      <FormError message={errors.banner} />
      {kind === 'ReservePhone' ? (
        <PhoneField {...field} onValueChange={setValue} />
      ) : (
        <TextField {...field} type="email" autoComplete="email" spellCheck={false} onValueChange={setValue} />
      )}
      <div className="profile-flow__actions profile-flow__actions--start">
        <Button type="submit" busy={busy}>{t(busy ? 'account.profile.reserve.sending' : 'account.profile.reserve.getCode')}</Button>
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'reserve.cancel' })}>{t('account.profile.reserve.cancel')}</Button>
      </div>
    </FlowForm>
  );
}

export function ReserveCodeStep({ actor }: { actor: ReserveActor }) {
  const t = useT();
  const confirming = useSelector(actor, (snapshot) => snapshot.matches('confirming'));
  const entering = useSelector(actor, (snapshot) => snapshot.matches('enteringCode'));
  const canResend = useSelector(actor, (snapshot) => snapshot.can({ type: 'reserve.resend' }));
  const flow = useCodeFlow(actor, RESERVE_FIELDS.code, entering);
  return (
    <CodeForm {...flow} lead={t('account.profile.reserve.codeLead', { destination: keepTogether(flow.codeSent?.destination ?? '') })}
      confirming={confirming} canResend={canResend}
      onResend={() => actor.send({ type: 'reserve.resend' })} onSubmit={(code) => actor.send({ type: 'reserve.submitCode', code })}>
      <Button variant="secondary" disabled={flow.busy} onClick={() => actor.send({ type: 'reserve.cancel' })}>
        {t('account.profile.reserve.cancel')}
      </Button>
    </CodeForm>
  );
}
