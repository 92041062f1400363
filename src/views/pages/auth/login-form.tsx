import { useState } from 'react';
import { useT } from '../../../services/i18n';
import { FormError } from '../../components/form/form-error';
import { PasswordField } from '../../components/form/password-field';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { LoginActor } from './actor-contexts';
import { FlowForm } from '../../components/form/flow-form';
import { useFlowForm } from './flow-hooks';

export function LoginForm() {
  const t = useT();
  const actor = LoginActor.useActorRef();
  const { busy, errors, formRef } = useFlowForm(LoginActor.useSelector);
  // After a password reset the flow remembers the address, so the user only types the new password.
  const [login, setLogin] = useState(() => actor.getSnapshot().context.login);
  const [password, setPassword] = useState('');

  return (
    <FlowForm
      formRef={formRef}
      className="auth-form"
      aria-labelledby="login-heading"
      onSubmit={() => actor.send({ type: 'login.submit', login, password })}
    >
      <h1 id="login-heading" className="auth-form__title">{t('auth.login.heading')}</h1>
      <p className="auth-form__lead">{t('auth.login.lead')}</p>
      <FormError message={errors.banner} />
      <TextField
        label={t('auth.login.login')}
        name="login"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus={login === ''}
        value={login}
        onValueChange={setLogin}
        hint={t('auth.login.loginHint')}
        {...errors.field('login')}
      />
      <PasswordField
        label={t('auth.login.password')}
        name="password"
        autoFocus={login !== ''}
        value={password}
        onValueChange={setPassword}
        {...errors.field('password')}
      />
      <div className="auth-form__row">
        <button type="button" className="link-button" onClick={() => actor.send({ type: 'login.forgotPassword' })}>
          {t('auth.login.forgot')}
        </button>
      </div>
      <SubmitButton busy={busy} busyLabel={t('auth.login.submitting')}>{t('auth.login.submit')}</SubmitButton>
    </FlowForm>
  );
}
