import { RegistrationActor } from './registration-actor';
import { useStep } from './registration-step-parts';
import { SentCodeForm } from './sent-code';

/** Confirms the phone (SMS code or the last digits of a flash call) or the e-mail. */
export function CodeStep({ credential }: { credential: 'phone' | 'email' }) {
  const { t, actor, busy, errors, formRef } = useStep();
  const codeSent = RegistrationActor.useSelector((snapshot) => snapshot.context.codeSent);
  const flashcall = RegistrationActor.useSelector((snapshot) => snapshot.context.usingFlashcall) && credential === 'phone';
  const confirming = RegistrationActor.useSelector((snapshot) => snapshot.matches('confirmingPhone') || snapshot.matches('confirmingEmail'));
  const canResend = RegistrationActor.useSelector((snapshot) => snapshot.can({ type: 'registration.resendCode' }));
  return (
    <SentCodeForm
      formRef={formRef}
      method={credential === 'email' ? 'email' : flashcall ? 'call' : 'sms'}
      codeSent={codeSent}
      fallbackLength={flashcall ? 4 : 6}
      errors={errors}
      busy={busy}
      confirming={confirming}
      resend={{
        cooldownSeconds: codeSent?.resendAfterSeconds ?? 0,
        restartKey: codeSent,
        disabled: !canResend,
        onResend: () => actor.send({ type: 'registration.resendCode' }),
      }}
      onSubmit={(code) => actor.send({ type: 'registration.submitCode', code })}
    >
      <button type="button" className="link-button" disabled={busy} onClick={() => actor.send({ type: 'registration.back' })}>
        {t(credential === 'phone' ? 'auth.registration.changePhone' : 'auth.registration.changeEmail')}
      </button>
    </SentCodeForm>
  );
}
