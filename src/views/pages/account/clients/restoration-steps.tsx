import { useState } from 'react';
import type { RestorationWay } from '../../../../machines/client-restoration/client-restoration';
import { RESEND_COOLDOWN_MS } from '../../../../machines/shared/form-checks';
import { useT } from '../../../../services/i18n';
import { ChoiceFieldset } from '../../../components/form/choice-fieldset';
import { CodeField } from '../../../components/form/code-field';
import { FlowForm } from '../../../components/form/flow-form';
import { FormError } from '../../../components/form/form-error';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { useEntryCount } from '../../auth/flow-hooks';
import { ResendCode } from '../../auth/resend-code';
import { RestorationActor } from './flow-actors';
import { CLIENT_CHOICE, FlowActions, useFieldStates, useFocusInvalid } from './flow-parts';

const WAYS: readonly RestorationWay[] = ['oldCabinet', 'order'];

function useRestorationErrors(fields: readonly string[]) {
  const fieldErrors = RestorationActor.useSelector((snapshot) => snapshot.context.fieldErrors);
  const errorMessage = RestorationActor.useSelector((snapshot) => snapshot.context.errorMessage);
  const errorField = RestorationActor.useSelector((snapshot) => snapshot.context.errorField);
  const [submits, setSubmits] = useState(0);
  const formRef = useFocusInvalid(submits > 0 || errorField ? `${submits}|${errorField ?? ''}|${errorMessage ?? ''}` : '');
  const { banner } = useFieldStates({ fieldErrors, errorMessage, errorField }, fields);
  const t = useT();
  const stateOf = (field: string) => {
    const key = fieldErrors[field];
    if (key) return { error: t(key) };
    return errorField === field ? { error: errorMessage || t('account.clients.errors.generic') } : {};
  };
  return { formRef, banner, stateOf, submitted: () => setSubmits((count) => count + 1) };
}

/** Step 1: how to find the old client. */
export function RestorationWayStep() {
  const t = useT();
  const actor = RestorationActor.useActorRef();
  const busy = RestorationActor.useSelector((snapshot) => snapshot.hasTag('busy'));
  const remembered = RestorationActor.useSelector((snapshot) => snapshot.context);
  const [way, setWay] = useState<RestorationWay>(remembered.way);
  const [email, setEmail] = useState(remembered.email);
  const [orderNumber, setOrderNumber] = useState(remembered.orderNumber);
  const { formRef, banner, stateOf, submitted } = useRestorationErrors(['email', 'orderNumber']);
  return (
    <FlowForm
      formRef={formRef}
      onSubmit={() => {
        submitted();
        actor.send({ type: 'restoration.start', way, email, orderNumber });
      }}
    >
      <p className="clients-flow__lead">{t('account.clients.restoration.lead')}</p>
      <FormError message={banner} />
      <ChoiceFieldset
        legend={t('account.clients.restoration.wayLabel')}
        name="restoration-way"
        classes={CLIENT_CHOICE}
        options={WAYS}
        value={way}
        onChoose={setWay}
        labelOf={(option) => t(`account.clients.restoration.ways.${option}`)}
      />
      <TextField
        label={t(way === 'order' ? 'account.clients.restoration.orderEmail' : 'account.clients.restoration.email')}
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
        {...stateOf('email')}
      />
      {way === 'order' ? (
        <TextField
          label={t('account.clients.restoration.orderNumber')}
          value={orderNumber}
          maxLength={40}
          onValueChange={setOrderNumber}
          {...stateOf('orderNumber')}
        />
      ) : null}
      <FlowActions>
        <Button type="submit" busy={busy}>
          {t(busy ? 'account.clients.restoration.sending' : 'account.clients.restoration.send')}
        </Button>
      </FlowActions>
    </FlowForm>
  );
}

/** Step 2: the code sent to the old client's e-mail; a new one after the countdown. */
export function RestorationCode() {
  const t = useT();
  const actor = RestorationActor.useActorRef();
  const started = RestorationActor.useSelector((snapshot) => snapshot.context.started);
  const busy = RestorationActor.useSelector((snapshot) => snapshot.hasTag('busy'));
  const entering = RestorationActor.useSelector((snapshot) => snapshot.matches('enteringCode'));
  const resendReady = RestorationActor.useSelector((snapshot) => snapshot.context.resendAvailable);
  const { formRef, banner, stateOf, submitted } = useRestorationErrors(['code']);
  const [code, setCode] = useState('');
  const entries = useEntryCount(entering);
  const cooldown = Math.max(RESEND_COOLDOWN_MS / 1000, started?.resendAfterSeconds ?? 0);
  return (
    <FlowForm
      formRef={formRef}
      onSubmit={() => {
        submitted();
        actor.send({ type: 'restoration.submitCode', code });
      }}
    >
      <p className="clients-flow__lead">{t('account.clients.restoration.codeSent', { destination: started?.sentTo ?? '' })}</p>
      <FormError message={banner} />
      <CodeField
        label={t('account.clients.restoration.code')}
        autoFocus
        length={started?.codeLength ?? 6}
        value={code}
        onValueChange={setCode}
        {...stateOf('code')}
      />
      <ResendCode
        cooldownSeconds={cooldown}
        restartKey={`${entries}-${started?.restorationId ?? ''}`}
        ready={resendReady}
        disabled={!entering}
        label={t('account.clients.restoration.resend')}
        onResend={() => actor.send({ type: 'restoration.resend' })}
      />
      <FlowActions>
        <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'restoration.back' })}>
          {t('account.clients.restoration.back')}
        </Button>
        <Button type="submit" busy={busy}>
          {t(busy ? 'account.clients.restoration.confirming' : 'account.clients.restoration.confirm')}
        </Button>
      </FlowActions>
    </FlowForm>
  );
}
