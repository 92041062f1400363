import { useState, type FormEvent } from 'react';
import type { ClientRole } from '../../../contract/clients';
import { isEmailWellFormed, readGatewayError } from '../../../machines/shared/form-checks';
import { failureText, invitableRoles, sendInvitation } from '../../../services/client-access';
import { useT } from '../../../services/i18n';
import { FieldFrame } from '../form/field';
import { FormError } from '../form/form-error';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import './client-access.css';

const DEFAULT_ROLE: ClientRole = 3;

/** Invite by e-mail with a role: 3–5, and admin only for the owner. A refusal about the e-mail shows on its field. */
export function InviteForm({ clientId, role }: { clientId: number; role: number }) {
  const t = useT();
  const roles = invitableRoles(role);
  const [email, setEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<ClientRole>(DEFAULT_ROLE);
  const [emailError, setEmailError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!email.trim()) return setEmailError(t('clientAccess.invite.emailRequired'));
    if (!isEmailWellFormed(email)) return setEmailError(t('clientAccess.invite.emailInvalid'));
    setEmailError(undefined);
    setBusy(true);
    try {
      await sendInvitation(clientId, email, inviteRole);
      setEmail('');
    } catch (error) {
      // 409 already_member / invitation_pending name the e-mail field; anything else goes above the form.
      const { errorField } = readGatewayError(error);
      if (errorField === 'userEmail') setEmailError(failureText(error));
      else setFormError(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="invite-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('clientAccess.invite.title')}>
      <h3 className="access-list__title">{t('clientAccess.invite.title')}</h3>
      <FormError message={formError} />
      <div className="invite-form__fields">
        <TextField
          label={t('clientAccess.invite.email')}
          type="email"
          autoComplete="off"
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            setEmailError(undefined);
          }}
          error={emailError}
          required
        />
        <FieldFrame label={t('clientAccess.invite.role')}>
          {({ id }) => (
            <select
              id={id}
              className="field__input invite-form__role"
              value={inviteRole}
              onChange={(event) => setInviteRole(roles.find((option) => option === Number(event.target.value)) ?? DEFAULT_ROLE)}
            >
              {roles.map((option) => (
                <option key={option} value={option}>{t(`clientAccess.roles.${option}`)}</option>
              ))}
            </select>
          )}
        </FieldFrame>
        <SubmitButton busy={busy} busyLabel={t('clientAccess.invite.submitting')} className="invite-form__submit">
          {t('clientAccess.invite.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
