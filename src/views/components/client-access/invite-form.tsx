import { useState } from 'react';
import type { ClientRole } from '../../../contract/clients';
import { isEmailWellFormed, readGatewayError } from '../../../machines/shared/form-checks';
import { failureText, invitableRoles } from '../../../services/client-access';
import { useT } from '../../../services/i18n';
import { FieldFrame } from '../form/field';
import { FormError } from '../form/form-error';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import { useSendInvitation } from './api/access-mutations';
import './client-access.css';
import { FlowForm } from '../form/flow-form';

const DEFAULT_ROLE: ClientRole = 3;

/** Invite by e-mail with a role: 3–5, and admin only for the owner. A refusal about the e-mail shows on its field. */
export function InviteForm({ clientId, role }: { clientId: number; role: number }) {
  const t = useT();
  const roles = invitableRoles(role);
  const [email, setEmail] = useState('');
  const [inviteRole, setInviteRole] = useState<ClientRole>(DEFAULT_ROLE);
  const [checkError, setCheckError] = useState<string | undefined>(undefined);
  const invite = useSendInvitation();
  // 409 already_member / invitation_pending name the e-mail field; anything else goes above the form.
  const refusedEmail = invite.error !== null && readGatewayError(invite.error).errorField === 'userEmail';
  const emailError = checkError ?? (refusedEmail ? failureText(invite.error) : undefined);
  const formError = invite.error && !refusedEmail ? failureText(invite.error) : null;

  const submit = () => {
    invite.reset();
    if (!email.trim()) return setCheckError(t('clientAccess.invite.emailRequired'));
    if (!isEmailWellFormed(email)) return setCheckError(t('clientAccess.invite.emailInvalid'));
    setCheckError(undefined);
    invite.mutate({ clientId, email, role: inviteRole }, { onSuccess: () => setEmail('') });
  };

  return (
    <FlowForm className="invite-form" onSubmit={submit} aria-label={t('clientAccess.invite.title')}>
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
            setCheckError(undefined);
            if (refusedEmail) invite.reset();
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
        <SubmitButton busy={invite.isPending} busyLabel={t('clientAccess.invite.submitting')} className="invite-form__submit">
          {t('clientAccess.invite.submit')}
        </SubmitButton>
      </div>
    </FlowForm>
  );
}
