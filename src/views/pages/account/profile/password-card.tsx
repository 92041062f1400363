import { useMemo, useState } from 'react';
import type { FieldErrors } from '../../../../machines/shared/form-checks';
import { useT } from '../../../../services/i18n';
import { passwordChangeErrors, type PasswordChangeForm } from '../../../../services/profile-account';
import { FlowForm } from '../../../components/form/flow-form';
import { FormError } from '../../../components/form/form-error';
import { PasswordField } from '../../../components/form/password-field';
import { Button } from '../../../components/ui/button';
import { useFocusFirstInvalid } from '../../auth/flow-hooks';
import { useChangePassword } from './api/profile-mutations';
import { formErrorsOf, useFormErrors } from './use-form-errors';

const EMPTY: PasswordChangeForm = { oldPassword: '', newPassword: '', newPasswordRepeat: '' };
const FIELDS = [
  { name: 'oldPassword', label: 'old', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'new', autoComplete: 'new-password' },
  { name: 'newPasswordRepeat', label: 'repeat', autoComplete: 'new-password' },
] as const;

/** Password change with the old one (ResetPasswordWithOld); the gateway ends the other sessions. */
export function PasswordCard() {
  const t = useT();
  const [form, setForm] = useState(EMPTY);
  const change = useChangePassword();
  const [checks, setChecks] = useState<FieldErrors>({});
  const errorState = useMemo(() => formErrorsOf(checks, change.error), [checks, change.error]);
  const errors = useFormErrors(errorState, FIELDS.map((field) => field.name));
  const formRef = useFocusFirstInvalid(errorState);

  const save = () => {
    const problems = passwordChangeErrors(form);
    setChecks(problems);
    if (Object.keys(problems).length > 0) change.reset();
    else change.mutate({ oldPassword: form.oldPassword, newPassword: form.newPassword }, { onSuccess: () => setForm(EMPTY) });
  };

  return (
    <section className="card profile-card" aria-labelledby="profile-password-heading">
      <h2 id="profile-password-heading" className="profile-card__heading">{t('account.profile.password.heading')}</h2>
      <FlowForm formRef={formRef} className="profile-password" aria-labelledby="profile-password-heading" onSubmit={() => save()}>
        <FormError message={errors.banner} />
        <div className="profile-password__fields">
          {FIELDS.map((field) => (
            <PasswordField
              key={field.name}
              label={t(`account.profile.password.${field.label}`)}
              name={field.name}
              autoComplete={field.autoComplete}
              value={form[field.name]}
              onValueChange={(value) => setForm((current) => ({ ...current, [field.name]: value }))}
              hint={field.name === 'newPassword' ? t('auth.form.passwordHint') : undefined}
              {...errors.field(field.name)}
            />
          ))}
        </div>
        <div className="profile-card__actions">
          <Button type="submit" busy={change.isPending}>{t(change.isPending ? 'account.profile.password.saving' : 'account.profile.password.submit')}</Button>
        </div>
      </FlowForm>
    </section>
  );
}
