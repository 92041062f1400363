import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { staffPassword } from '../../../contract/staff';
import { is } from 'superstruct';
import { useT } from '../../../services/i18n';
import { staffCalls } from '../../../services/staff/staff-calls';
import { FormError } from '../../components/form/form-error';
import { FlowForm } from '../../components/form/flow-form';
import { NewPasswordField } from '../../components/form/password-field';
import { SubmitButton } from '../../components/form/submit-button';
import { LocalLink } from '../../components/local-link';

/** The set-up link's token travels in the fragment (`#token=…`), which no server log and no Referer carries. */
const setupTokenOf = (hash: string): string => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/** /staff/setup#token=…: a new member (or one whose password was reset) sets the password, twice. */
export default function StaffSetupPage() {
  const t = useT();
  const [token] = useState(() => setupTokenOf(typeof window === 'undefined' ? '' : window.location.hash));
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [checked, setChecked] = useState(false);
  const save = useMutation({ mutationFn: () => staffCalls().setUp(token, password) });
  const tooShort = !is(password, staffPassword);
  const mismatch = password !== repeat;
  if (save.isSuccess) {
    return (
      <div className="staff-auth__card staff-form">
        <h1>{t('staff.setup.heading')}</h1>
        <p role="status">{t('staff.setup.done')}</p>
        <LocalLink to="/staff/sign-in" className="ui-button ui-button--primary">{t('staff.setup.toSignIn')}</LocalLink>
      </div>
    );
  }
  return (
    <FlowForm
      className="staff-auth__card staff-form"
      aria-labelledby="staff-setup-heading"
      onSubmit={() => {
        setChecked(true);
        if (token && !tooShort && !mismatch) save.mutate();
      }}
    >
      <h1 id="staff-setup-heading">{t('staff.setup.heading')}</h1>
      <p className="staff-form__lead">{t('staff.setup.lead')}</p>
      <FormError message={!token ? t('staff.setup.noLink') : save.error?.message} />
      <NewPasswordField
        label={t('staff.setup.password')}
        name="password"
        value={password}
        onValueChange={setPassword}
        error={checked && tooShort ? t('staff.setup.tooShort') : undefined}
      />
      <NewPasswordField label={t('staff.setup.repeat')} name="repeat" value={repeat} onValueChange={setRepeat}
        error={checked && !tooShort && mismatch ? t('staff.setup.mismatch') : undefined} />
      <SubmitButton busy={save.isPending} disabled={!token} busyLabel={t('staff.setup.submitting')}>{t('staff.setup.submit')}</SubmitButton>
    </FlowForm>
  );
}
