import { useState } from 'react';
import { isResetLinkCode } from '../../../machines/shared/form-checks';
import { useT } from '../../../services/i18n';
import { CodeField } from '../../components/form/code-field';
import { FormError } from '../../components/form/form-error';
import { NewPasswordField } from '../../components/form/password-field';
import { SubmitButton } from '../../components/form/submit-button';
import { LoginActor } from './actor-contexts';
import { EmailStepForm } from './email-step-form';
import { FlowForm } from '../../components/form/flow-form';
import { useFlowForm } from './flow-hooks';
import { LoginBack } from './login-back';

/** Password recovery by e-mail: address, then the code from the letter with a new password, then success. */
export function RecoveryStep() {
  const t = useT();
  const step = LoginActor.useSelector((snapshot) =>
    snapshot.matches({ recovery: 'resetDone' }) ? 'done'
      : snapshot.matches({ recovery: 'enteringCode' }) || snapshot.matches({ recovery: 'resetting' }) ? 'reset' : 'email',
  );
  return (
    <section className="auth-form" aria-labelledby="recovery-heading">
      <h1 id="recovery-heading" className="auth-form__title">
        {t(step === 'done' ? 'auth.recovery.doneHeading' : 'auth.recovery.heading')}
      </h1>
      {step === 'email' ? <EmailForm /> : step === 'reset' ? <ResetForm /> : <ResetDone />}
      {step === 'done' ? null : <LoginBack label={t('auth.recovery.back')} />}
    </section>
  );
}

function EmailForm() {
  const t = useT();
  const actor = LoginActor.useActorRef();
  const form = useFlowForm(LoginActor.useSelector);
  return (
    <EmailStepForm
      form={form}
      initialEmail={actor.getSnapshot().context.recoveryEmail}
      lead={t('auth.recovery.emailLead')}
      label={t('auth.recovery.email')}
      submitLabel={t('auth.recovery.send')}
      onSubmit={(email) => actor.send({ type: 'recovery.submitEmail', email })}
    />
  );
}

function ResetForm() {
  const t = useT();
  const actor = LoginActor.useActorRef();
  const { busy, errors, formRef } = useFlowForm(LoginActor.useSelector);
  const email = LoginActor.useSelector((snapshot) => snapshot.context.recoveryEmail);
  // The link from the letter brings the code along; the user then only picks a password. Its long code is not
  // for typing, so its field is not shown.
  const [code, setCode] = useState(() => actor.getSnapshot().context.recoveryCode);
  const [fromLink] = useState(() => isResetLinkCode(code));
  const [newPassword, setNewPassword] = useState('');
  return (
    <FlowForm formRef={formRef} onSubmit={() => actor.send({ type: 'recovery.submitReset', code, newPassword })}>
      <p className="auth-form__lead">{t(code ? 'auth.recovery.linkLead' : 'auth.recovery.codeLead', { email })}</p>
      <FormError message={errors.banner} />
      {fromLink ? null : (
        <CodeField
          label={t('auth.recovery.code')}
          name="code"
          length={6}
          autoFocus={code === ''}
          value={code}
          onValueChange={setCode}
          {...errors.field('code')}
        />
      )}
      <NewPasswordField
        label={t('auth.recovery.newPassword')}
        name="newPassword"
        autoFocus={code !== ''}
        value={newPassword}
        onValueChange={setNewPassword}
        hint={t('auth.form.passwordHint')}
        {...errors.field('newPassword')}
      />
      <SubmitButton busy={busy} busyLabel={t('auth.recovery.saving')}>{t('auth.recovery.save')}</SubmitButton>
    </FlowForm>
  );
}

function ResetDone() {
  const t = useT();
  const actor = LoginActor.useActorRef();
  return (
    <div className="auth-success" role="status">
      <p className="auth-form__lead">{t('auth.recovery.doneText')}</p>
      <button type="button" className="submit-button" autoFocus onClick={() => actor.send({ type: 'recovery.toLogin' })}>
        {t('auth.recovery.toLogin')}
      </button>
    </div>
  );
}
