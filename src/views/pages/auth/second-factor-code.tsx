import { RESEND_COOLDOWN_MS } from '../../../machines/shared/form-checks';
import { useT } from '../../../services/i18n';
import { LoginActor } from './actor-contexts';
import { useEntryCount, useFlowForm } from './flow-hooks';
import { METHOD_KEYS } from './second-factor-methods';
import { SentCodeForm } from './sent-code';

export function SecondFactorCode() {
  const t = useT();
  const actor = LoginActor.useActorRef();
  const codeSent = LoginActor.useSelector((snapshot) => snapshot.context.codeSent);
  const method = METHOD_KEYS[LoginActor.useSelector((snapshot) => snapshot.context.chosenType) ?? 0];
  const confirming = LoginActor.useSelector((snapshot) => snapshot.matches({ secondFactor: 'confirming' }));
  const entering = LoginActor.useSelector((snapshot) => snapshot.matches({ secondFactor: 'enteringCode' }));
  const resendReady = LoginActor.useSelector((snapshot) => snapshot.context.resendAvailable);
  const canResend = LoginActor.useSelector((snapshot) => snapshot.can({ type: 'secondFactor.resend' }));
  const hasOtherMethods = LoginActor.useSelector((snapshot) => snapshot.context.secondFactorTypes.length > 1);
  const canChangeMethod = LoginActor.useSelector((snapshot) => snapshot.can({ type: 'secondFactor.changeMethod' }));
  const { busy, errors, formRef } = useFlowForm(LoginActor.useSelector);
  // The machine restarts its resend timer each time it enters enteringCode; the countdown follows it.
  const entries = useEntryCount(entering);

  return (
    <SentCodeForm
      formRef={formRef}
      method={method}
      codeSent={codeSent}
      fallbackLength={6}
      errors={errors}
      busy={busy}
      confirming={confirming}
      resend={{
        cooldownSeconds: Math.max(RESEND_COOLDOWN_MS / 1000, codeSent?.resendAfterSeconds ?? 0),
        restartKey: entries,
        ready: resendReady,
        disabled: !canResend,
        onResend: () => actor.send({ type: 'secondFactor.resend' }),
      }}
      onSubmit={(code) => actor.send({ type: 'secondFactor.submitCode', code })}
    >
      {hasOtherMethods ? (
        <button type="button" className="link-button" disabled={!canChangeMethod} onClick={() => actor.send({ type: 'secondFactor.changeMethod' })}>
          {t('auth.secondFactor.changeMethod')}
        </button>
      ) : null}
    </SentCodeForm>
  );
}
