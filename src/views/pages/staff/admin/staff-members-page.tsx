import { useState } from 'react';
import type { StaffMember } from '../../../../contract/staff';
import { useT } from '../../../../services/i18n';
import { dateTime } from '../../../../services/staff/staff-format';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { AdminOnly } from './admin-only';
import { useMembers } from './admin-queries';
import { type SetupLinkShown, MemberForm } from './member-form';
import { MemberRow } from './member-row';
import { OneTimeSecret } from './one-time-secret';

/** A set-up link as the gateway gave it, for the member it is for. */

/** /staff/members: the staff accounts, created, edited, reset and disabled by an admin. */
export default function StaffMembersPage() {
  return <AdminOnly><MembersDesk /></AdminOnly>;
}

function MembersDesk() {
  const t = useT();
  const [showDisabled, setShowDisabled] = useState(false);
  const members = useMembers(showDisabled);
  const [form, setForm] = useState<{ member: StaffMember | null } | null>(null);
  const [link, setLink] = useState<SetupLinkShown | null>(null);
  const byId = new Map((members.data ?? []).map((member) => [member.id, member.name]));
  return (
    <section className="staff-page" aria-labelledby="staff-members-heading">
      <h1 id="staff-members-heading">{t('staff.members.heading')}</h1>
      <div className="staff-toolbar">
        <Button onClick={() => setForm({ member: null })}>{t('staff.members.create')}</Button>
        <label className="staff-check">
          <input type="checkbox" checked={showDisabled} onChange={(event) => setShowDisabled(event.target.checked)} />
          {t('staff.members.showDisabled')}
        </label>
      </div>
      {link ? (
        <OneTimeSecret
          label={t('staff.members.setupLink', { name: link.name })}
          value={link.url}
          note={t('staff.members.setupExpires', { at: dateTime(link.expiresAt) })}
          onDone={() => setLink(null)}
        />
      ) : null}
      {members.isError ? (
        <p role="alert">{t('staff.members.failed')} <Button variant="link" onClick={() => void members.refetch()}>{t('staff.queue.retry')}</Button></p>
      ) : !members.data ? <Skeleton rows={4} imageSize={0} /> : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t('staff.members.name')}</th>
              <th scope="col">{t('staff.members.email')}</th>
              <th scope="col">{t('staff.members.role')}</th>
              <th scope="col">{t('staff.members.state')}</th>
              <th scope="col">{t('staff.members.createdBy')}</th>
              <th scope="col">{t('staff.members.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {members.data.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                creator={member.createdBy === null ? t('staff.members.byCli') : byId.get(member.createdBy) ?? `#${member.createdBy}`}
                onEdit={() => setForm({ member })}
                onLink={setLink}
              />
            ))}
          </tbody>
        </table>
      )}
      <MemberForm
        open={form !== null}
        member={form?.member ?? null}
        onClose={() => setForm(null)}
        onLink={setLink}
      />
    </section>
  );
}
