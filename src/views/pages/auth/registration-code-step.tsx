import { RegistrationActor } from './registration-actor';
import { ResendCode } from './resend-code';
import { FlowForm } from '../../components/form/flow-form';
import { useStep } from './registration-step-parts';
import { SentCodeFields, useSentCode } from './sent-code';

/** Confirms the phone (SMS code or the last digits of a flash call) or the e-mail. */
export function CodeStep({ credential }: { credential: 'phone' | 'email' }) {
  const { t, actor, busy, errors, formRef } = useStep();
  const codeSent = RegistrationActor.useSelector((snapshot) => snapshot.context.codeSent);
  const flashcall = RegistrationActor.useSelector((snapshot) => snapshot.context.usingFlashcall) && credential === 'phone';
  const confirming = RegistrationActor.useSelector((snapshot) => snapshot.matches('confirmingPhone') || snapshot.matches('confirmingEmail'));
  const canResend = RegistrationActor.useSelector((snapshot) => snapshot.can({ type: 'registration.resendCode' }));
  const method = credential === 'email' ? 'email' : flashcall ? 'call' : 'sms';
  const [code, setCode] = useSentCode(codeSent);
  return (
    <FlowForm formRef={formRef} onSubmit={() => actor.send({ type: 'registration.submitCode', code })}>
      <SentCodeFields
        method={method}
        codeSent={codeSent}
        fallbackLength={flashcall ? 4 : 6}
        code={code}
        onCodeChange={setCode}
        errors={errors}
        busy={busy}
        confirming={confirming}
      />
      <div className="auth-form__links">
        <ResendCode
          cooldownSeconds={codeSent?.resendAfterSeconds ?? 0}
          restartKey={codeSent}
          disabled={!canResend}
          label={t(method === 'call' ? 'auth.code.recall' : 'auth.code.resend')}
          onResend={() => actor.send({ type: 'registration.resendCode' })}
        />
        <button type="button" className="link-button" disabled={busy} onClick={() => actor.send({ type: 'registration.back' })}>
          {t(credential === 'phone' ? 'auth.registration.changePhone' : 'auth.registration.changeEmail')}
        </button>
      </div>
    </FlowForm>
  );
}
