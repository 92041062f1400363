import { useState } from 'react';
import { FormError } from '../../components/form/form-error';
import { NewPasswordField } from '../../components/form/password-field';
import { PhoneField } from '../../components/form/phone-field';
import { maskNationalDigits, nationalDigits } from '../../components/form/phone-mask';
import { SubmitButton } from '../../components/form/submit-button';
import { EmailStepForm } from './email-step-form';
import { FlowForm } from '../../components/form/flow-form';
import { useStep } from './registration-step-parts';

export function PhoneStep() {
  const { t, actor, busy, errors, formRef } = useStep();
  const [phone, setPhone] = useState(() => maskNationalDigits(nationalDigits(actor.getSnapshot().context.phone)));
  const [usingFlashcall, setUsingFlashcall] = useState(() => actor.getSnapshot().context.usingFlashcall);
  return (
    <FlowForm formRef={formRef} onSubmit={() => actor.send({ type: 'registration.submitPhone', phone, usingFlashcall })}>
      <p className="auth-form__lead">{t('auth.registration.phoneLead')}</p>
      <FormError message={errors.banner} />
      <PhoneField label={t('auth.registration.phone')} name="phone" autoFocus value={phone} onValueChange={setPhone} {...errors.field('phone')} />
      <label className="checkbox">
        <input type="checkbox" checked={usingFlashcall} onChange={(event) => setUsingFlashcall(event.target.checked)} />
        <span>
          {t('auth.registration.flashcall')}
          <span className="checkbox__hint">{t('auth.registration.flashcallHint')}</span>
        </span>
      </label>
      <SubmitButton busy={busy} busyLabel={t('auth.code.sending')}>{t('auth.registration.getCode')}</SubmitButton>
    </FlowForm>
  );
}

export function EmailStep() {
  const step = useStep();
  return (
    <EmailStepForm
      form={step}
      initialEmail={step.actor.getSnapshot().context.email}
      lead={step.t('auth.registration.emailLead')}
      label={step.t('auth.registration.email')}
      submitLabel={step.t('auth.registration.getCode')}
      onSubmit={(email) => step.actor.send({ type: 'registration.submitEmail', email })}
    />
  );
}

export function UserDataStep() {
  const { t, actor, busy, errors, formRef } = useStep();
  const [password, setPassword] = useState('');
  const [passwordRepeat, setPasswordRepeat] = useState('');
  return (
    <FlowForm formRef={formRef} onSubmit={() => actor.send({ type: 'registration.submitUserData', password, passwordRepeat })}>
      <p className="auth-form__lead">{t('auth.registration.passwordLead')}</p>
      <FormError message={errors.banner} />
      <NewPasswordField
        label={t('auth.registration.password')}
        name="password"
        autoFocus
        value={password}
        onValueChange={setPassword}
        hint={t('auth.form.passwordHint')}
        {...errors.field('password')}
      />
      <NewPasswordField
        label={t('auth.registration.passwordRepeat')}
        name="passwordRepeat"
        value={passwordRepeat}
        onValueChange={setPasswordRepeat}
        {...errors.field('passwordRepeat')}
      />
      <SubmitButton busy={busy} busyLabel={t('auth.registration.creating')}>{t('auth.registration.create')}</SubmitButton>
    </FlowForm>
  );
}
