import { useState } from 'react';
import { CodeField } from '../../components/form/code-field';
import { FormError } from '../../components/form/form-error';
import { SubmitButton } from '../../components/form/submit-button';
import { RegistrationActor } from './registration-actor';
import { keepTogether } from './keep-together';
import { ResendCode } from './resend-code';
import { StepForm, useStep } from './registration-step-parts';

/** Confirms the phone (SMS code or the last digits of a flash call) or the e-mail. */
export function CodeStep({ credential }: { credential: 'phone' | 'email' }) {
  const { t, actor, busy, errors, formRef } = useStep();
  const codeSent = RegistrationActor.useSelector((snapshot) => snapshot.context.codeSent);
  const flashcall = RegistrationActor.useSelector((snapshot) => snapshot.context.usingFlashcall) && credential === 'phone';
  const confirming = RegistrationActor.useSelector((snapshot) => snapshot.matches('confirmingPhone') || snapshot.matches('confirmingEmail'));
  const canResend = RegistrationActor.useSelector((snapshot) => snapshot.can({ type: 'registration.resendCode' }));
  const method = credential === 'email' ? 'email' : flashcall ? 'call' : 'sms';
  const [code, setCode] = useState('');
  const [codeFor, setCodeFor] = useState(codeSent);
  if (codeFor !== codeSent) {
    setCodeFor(codeSent);
    setCode('');
  }
  return (
    <StepForm formRef={formRef} onSubmit={() => actor.send({ type: 'registration.submitCode', code })}>
      <p className="auth-form__lead">
        {t(`auth.code.sent.${method}`, { destination: keepTogether(codeSent?.destination ?? '') })} {t('auth.code.lifetime')}
      </p>
      <FormError message={errors.banner} />
      <CodeField
        label={t(`auth.code.label.${method}`)}
        name="code"
        autoFocus
        length={codeSent?.codeLength ?? (flashcall ? 4 : 6)}
        value={code}
        onValueChange={setCode}
        {...errors.field('code')}
      />
      <SubmitButton busy={busy} busyLabel={t(confirming ? 'auth.code.confirming' : 'auth.code.sending')}>
        {t('auth.code.confirm')}
      </SubmitButton>
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
    </StepForm>
  );
}
