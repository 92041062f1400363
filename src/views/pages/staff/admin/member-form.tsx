import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffRole } from '../../../../contract/call';
import type { StaffMember } from '../../../../contract/staff';
import { ApiError } from '../../../../services/api';
import { useT } from '../../../../services/i18n';
import { showToast } from '../../../../services/toasts';
import { staffAdminCalls } from '../../../../services/staff/staff-admin-calls';
import { FormError } from '../../../components/form/form-error';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { Modal } from '../../../components/ui/modal';
import { MEMBERS_KEY } from './admin-queries';
import { FlowForm } from '../../../components/form/flow-form';
import { RoleField } from './role-field';

/** A member's one-time set-up link as the page shows it once. */
export interface SetupLinkShown { name: string; url: string; expiresAt: string }

interface MemberFormProps {
  open: boolean;
  /** null: a new member. */
  member: StaffMember | null;
  onClose: () => void;
  onLink: (link: SetupLinkShown) => void;
}

/** A new member (e-mail, name, role) or a member's name and role; the gateway's refusal stays in the form. */
export function MemberForm({ open, member, onClose, onLink }: MemberFormProps) {
  const t = useT();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={member ? t('staff.members.editTitle', { name: member.name }) : t('staff.members.createTitle')}
      width={480}
    >
      {open ? <MemberFields key={member?.id ?? 'new'} member={member} onClose={onClose} onLink={onLink} /> : null}
    </Modal>
  );
}

function MemberFields({ member, onClose, onLink }: Omit<MemberFormProps, 'open'>) {
  const t = useT();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState(member?.name ?? '');
  const [role, setRole] = useState<StaffRole>(member?.role ?? 'engineer');
  const [checked, setChecked] = useState(false);
  const save = useMutation({
    mutationFn: async () => {
      const gateway = staffAdminCalls();
      // Only what changed is sent: an unchanged role is no role change the gateway must weigh (the last admin).
      if (member) {
        const changes = { ...(name.trim() === member.name ? {} : { name: name.trim() }), ...(role === member.role ? {} : { role }) };
        return { link: null, saved: (await gateway.updateMember({ id: member.id, ...changes })).member };
      }
      const created = await gateway.createMember({ email: email.trim(), name: name.trim(), role });
      return { saved: created.member, link: { url: created.setupUrl, expiresAt: created.setupExpiresAt } };
    },
    onSuccess: ({ saved, link }) => {
      if (link) onLink({ name: saved.name, ...link });
      showToast({ kind: 'success', text: t(member ? 'staff.members.saved' : 'staff.members.created', { name: saved.name }) });
      onClose();
    },
    onSettled: () => client.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
  const wrong = save.error instanceof ApiError ? save.error.field : undefined;
  const required = (value: string) => (checked && value.trim() === '' ? t('staff.support.required') : undefined);
  return (
    <FlowForm
      className="staff-dialog"
      onSubmit={() => {
        setChecked(true);
        if (name.trim() && (member || email.trim())) save.mutate();
      }}
    >
      <FormError message={save.error?.message} />
      {member ? null : (
        <TextField
          label={t('staff.members.email')}
          name="email"
          type="email"
          value={email}
          onValueChange={setEmail}
          error={required(email)}
          invalid={wrong === 'email'}
        />
      )}
      <TextField label={t('staff.members.name')} name="name" value={name} onValueChange={setName} error={required(name)} invalid={wrong === 'name'} />
      <RoleField value={role} onChange={setRole} invalid={wrong === 'role'} />
      <div className="ui-confirm__actions">
        <button type="button" className="ui-button ui-button--secondary" onClick={onClose}>
          {t('staff.check.close')}
        </button>
        <SubmitButton busy={save.isPending} busyLabel={t('staff.members.saving')}>
          {member ? t('staff.members.save') : t('staff.members.createOk')}
        </SubmitButton>
      </div>
    </FlowForm>
  );
}
