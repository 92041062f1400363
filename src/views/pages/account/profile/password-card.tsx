import { useState } from 'react';
import { useT } from '../../../../services/i18n';
import { passwordChangeErrors, profileAccountGateway, type PasswordChangeForm } from '../../../../services/profile-account';
import { showToast } from '../../../../services/toasts';
import { FormError } from '../../../components/form/form-error';
import { PasswordField } from '../../../components/form/password-field';
import { Button } from '../../../components/ui/button';
import { useFocusFirstInvalid } from '../../auth/flow-hooks';
import { useFormErrors } from './use-form-errors';
import { useSubmit } from './use-submit';

const EMPTY: PasswordChangeForm = { oldPassword: '', newPassword: '', newPasswordRepeat: '' };
const FIELDS = [
  { name: 'oldPassword', label: 'old', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'new', autoComplete: 'new-password' },
  { name: 'newPasswordRepeat', label: 'repeat', autoComplete: 'new-password' },
] as const;

/** Password change with the old one (ResetPasswordWithOld); the gateway ends the other sessions. */
export function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const [form, setForm] = useState(EMPTY);
  const { busy, errors: errorState, submit } = useSubmit();
  const errors = useFormErrors(errorState, FIELDS.map((field) => field.name));
  const formRef = useFocusFirstInvalid(errorState);
  const toggleLabels = [t('auth.form.showPassword'), t('auth.form.hidePassword')] as const;

  const save = async () => {
    const body = { oldPassword: form.oldPassword, newPassword: form.newPassword };
    const saved = await submit(passwordChangeErrors(form), () => profileAccountGateway().changePassword(body));
    if (!saved.ok) return;
    setForm(EMPTY);
    showToast({ text: t('account.profile.password.changed'), kind: 'success' });
    onChanged();
  };

  return (
    <section className="card profile-card" aria-labelledby="profile-password-heading">
      <h2 id="profile-password-heading" className="profile-card__heading">{t('account.profile.password.heading')}</h2>
      <form
        ref={formRef}
        className="profile-password"
        noValidate
        aria-labelledby="profile-password-heading"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
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
              toggleLabels={toggleLabels}
              {...errors.field(field.name)}
            />
          ))}
        </div>
        <div className="profile-card__actions">
          <Button type="submit" busy={busy}>{t(busy ? 'account.profile.password.saving' : 'account.profile.password.submit')}</Button>
        </div>
      </form>
    </section>
  );
}
