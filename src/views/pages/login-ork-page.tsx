import { useState } from 'react';
import { useLocation } from 'wouter';
import { localizePath, useLocale, useT } from '../../services/i18n';
import { FormError } from '../components/form/form-error';
import { SubmitButton } from '../components/form/submit-button';
import { TextField } from '../components/form/text-field';
import { LocalLink } from '../components/local-link';
import { useAuthDeps } from './auth/auth-deps';
import './auth/auth.css';

interface Failure {
  message: string;
  field: string | null;
}

function readFailure(error: unknown): Failure {
  const field = typeof error === 'object' && error !== null && 'field' in error && typeof error.field === 'string' ? error.field : null;
  return { message: error instanceof Error ? error.message : '', field };
}

/** /auth/login-ork: a staff member opens a customer's cabinet with the one-time key an administrator issued. */
export default function LoginOrkPage() {
  const t = useT();
  const { signInAsCustomer, session } = useAuthDeps();
  const [, navigate] = useLocation();
  const locale = useLocale();
  const [login, setLogin] = useState('');
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  // One request, so no machine: busy and the gateway's answer are all there is to track.
  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { accessToken } = await signInAsCustomer({ login, key });
      session.send({ type: 'session.signedIn', token: accessToken });
      navigate(localizePath('/', locale), { replace: true });
    } catch (error) {
      setFailure(readFailure(error));
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <form
        className="auth-form"
        noValidate
        aria-labelledby="ork-heading"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h1 id="ork-heading" className="auth-form__title">{t('auth.ork.heading')}</h1>
        <p className="auth-form__lead">{t('auth.ork.lead')}</p>
        <FormError message={failure ? failure.message || t('auth.errors.generic') : null} />
        <TextField
          label={t('auth.ork.login')}
          name="login"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={login}
          onValueChange={setLogin}
          invalid={failure?.field === 'login'}
        />
        <TextField
          label={t('auth.ork.key')}
          name="key"
          autoComplete="one-time-code"
          spellCheck={false}
          value={key}
          onValueChange={setKey}
          hint={t('auth.ork.keyHint')}
          invalid={failure?.field === 'key'}
        />
        <SubmitButton busy={busy} busyLabel={t('auth.ork.submitting')}>{t('auth.ork.submit')}</SubmitButton>
        <div className="auth-form__footer">
          <LocalLink to="/auth" className="link-button">{t('auth.ork.toLogin')}</LocalLink>
        </div>
      </form>
    </div>
  );
}
