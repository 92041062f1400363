import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffMember } from '../../../../contract/staff';
import { useT } from '../../../../services/i18n';
import { showToast } from '../../../../services/toasts';
import { staffAdminCalls } from '../../../../services/staff/staff-admin-calls';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { MEMBERS_KEY } from './admin-queries';
import type { SetupLinkShown } from './member-form';

type Action = 'resetPassword' | 'resetSecondFactor' | 'disable';

interface MemberRowProps {
  member: StaffMember;
  creator: string;
  onEdit: () => void;
  onLink: (link: SetupLinkShown) => void;
}

/** A member and the admin's actions on them, each confirmed; a refusal (the last admin) is shown in the row. */
export function MemberRow({ member, creator, onEdit, onLink }: MemberRowProps) {
  const t = useT();
  const client = useQueryClient();
  const [asking, setAsking] = useState<Action | null>(null);
  const act = useMutation({
    mutationFn: async (action: Action) => {
      const gateway = staffAdminCalls();
      if (action === 'disable') return { link: null, member: await gateway.disableMember(member.id) };
      const answer = await gateway.updateMember({ id: member.id, [action]: true });
      return { member: answer.member, link: answer.setupUrl && answer.setupExpiresAt ? { url: answer.setupUrl, expiresAt: answer.setupExpiresAt } : null };
    },
    onSuccess: ({ link }, action) => {
      if (link) onLink({ name: member.name, ...link });
      showToast({ kind: 'success', text: t(`staff.members.done.${action}`, { name: member.name }) });
    },
    onSettled: () => client.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
  const flag = (on: boolean, text: string) => <li className={on ? 'staff-flag is-on' : 'staff-flag'}>{text}</li>;
  return (
    <tr data-member-id={member.id} className={member.disabled ? 'staff-row--disabled' : undefined}>
      <th scope="row">{member.name}</th>
      <td>{member.email}</td>
      <td>{t(`staff.roles.${member.role}`)}</td>
      <td>
        <ul className="staff-flags">
          {flag(member.passwordSet, member.passwordSet ? t('staff.members.passwordSet') : t('staff.members.passwordNotSet'))}
          {flag(member.secondFactorEnrolled, member.secondFactorEnrolled ? t('staff.members.factorSet') : t('staff.members.factorNotSet'))}
          {member.disabled ? <li className="staff-flag is-off">{t('staff.members.disabled')}</li> : null}
        </ul>
      </td>
      <td>{creator}</td>
      <td>
        {member.disabled ? null : (
          <div className="staff-actions">
            <Button variant="secondary" onClick={onEdit}>
              {t('staff.members.edit')}
            </Button>
            <Button variant="secondary" busy={act.isPending && act.variables === 'resetPassword'} onClick={() => setAsking('resetPassword')}>
              {t('staff.members.resetPassword')}
            </Button>
            <Button variant="secondary" busy={act.isPending && act.variables === 'resetSecondFactor'} onClick={() => setAsking('resetSecondFactor')}>
              {t('staff.members.resetSecondFactor')}
            </Button>
            <Button variant="secondary" busy={act.isPending && act.variables === 'disable'} onClick={() => setAsking('disable')}>
              {t('staff.members.disable')}
            </Button>
          </div>
        )}
        {act.error ? (
          <p className="staff-error" role="alert">
            {act.error.message}
          </p>
        ) : null}
        <ConfirmDialog
          open={asking !== null}
          text={asking ? t(`staff.members.confirm.${asking}`, { name: member.name }) : ''}
          okLabel={asking ? t(`staff.members.${asking}`) : ''}
          cancelLabel={t('staff.check.close')}
          onConfirm={() => {
            if (asking) act.mutate(asking);
            setAsking(null);
          }}
          onCancel={() => setAsking(null)}
        />
      </td>
    </tr>
  );
}
