import { useState } from 'react';
import type { StaffMember } from '../../../../contract/staff';
import { useT } from '../../../../services/i18n';
import { dateTime } from '../../../../services/staff/staff-format';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { LoadState } from '../../../components/ui/load-state';
import { AdminOnly } from './admin-only';
import { useMembers } from './admin-queries';
import { type SetupLinkShown, MemberForm } from './member-form';
import { MemberRow } from './member-row';
import { OneTimeSecret } from './one-time-secret';
import { retryQuery } from '../api/staff-queries';

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
  const columns = [
    t('staff.members.name'), t('staff.members.email'), t('staff.members.role'),
    t('staff.members.state'), t('staff.members.createdBy'), t('staff.members.actions'),
  ];
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
      <LoadState
        items={members.data}
        failed={members.isError}
        failedText={t('staff.members.failed')}
        retry={retryQuery(t, members)}
        skeletonRows={4}
      >
        {(items) => (
          <DataTable className="staff-table" columns={columns} rows={items}>
            {(member) => (
              <MemberRow
                key={member.id}
                member={member}
                creator={member.createdBy === null ? t('staff.members.byCli') : byId.get(member.createdBy) ?? `#${member.createdBy}`}
                onEdit={() => setForm({ member })}
                onLink={setLink}
              />
            )}
          </DataTable>
        )}
      </LoadState>
      <MemberForm
        open={form !== null}
        member={form?.member ?? null}
        onClose={() => setForm(null)}
        onLink={setLink}
      />
    </section>
  );
}
