import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { localizePath, useLocale, useT } from '../../services/i18n';
import { FlowForm } from '../components/form/flow-form';
import { FormError } from '../components/form/form-error';
import { SubmitButton } from '../components/form/submit-button';
import { TextField } from '../components/form/text-field';
import { LocalLink } from '../components/local-link';
import { QueryProvider } from '../data/query-provider';
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

function LoginOrkForm() {
  const t = useT();
  const { signInAsCustomer, session } = useAuthDeps();
  const [, navigate] = useLocation();
  const locale = useLocale();
  const [login, setLogin] = useState('');
  const [key, setKey] = useState('');
  // One request, so no machine: the data layer's write tracks busy and the gateway's answer.
  const signIn = useMutation({
    mutationFn: (request: { login: string; key: string }) => signInAsCustomer(request),
    onSuccess: ({ accessToken }) => {
      session.send({ type: 'session.signedIn', token: accessToken });
      navigate(localizePath('/', locale), { replace: true });
    },
  });
  const failure = signIn.error ? readFailure(signIn.error) : null;
  // Busy until the page is left: a second click while the cabinet opens would spend the one-time key again.
  const busy = signIn.isPending || signIn.isSuccess;

  return (
    <div className="auth-page">
      <FlowForm className="auth-form" aria-labelledby="ork-heading" onSubmit={() => signIn.mutate({ login, key })}>
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
      </FlowForm>
    </div>
  );
}

/**
 * /auth/login-ork: a staff member opens a customer's cabinet with the one-time key an administrator issued. The auth
 * frame has no data layer (its first visit stays small); this page, loaded apart, brings its own.
 */
export default function LoginOrkPage() {
  return <QueryProvider><LoginOrkForm /></QueryProvider>;
}
