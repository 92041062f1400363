import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dateTime } from '../../../services/staff/staff-format';
import { useT } from '../../../services/i18n';
import { notifyCallFailure } from '../../../services/call-failure';
import { showToast } from '../../../services/toasts';
import { toStaffSignIn } from '../../../services/staff/staff-api';
import { staffCalls } from '../../../services/staff/staff-calls';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { LoadState } from '../../components/ui/load-state';
import { retryQuery } from './api/staff-queries';

const SESSIONS = ['staff', 'sessions'] as const;

/** /staff/sessions: the member's live sessions, each of which can be ended (a lost laptop, a shared computer). */
export default function StaffSessionsPage() {
  const t = useT();
  const client = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS, queryFn: () => staffCalls().sessions() });
  const end = useMutation({
    mutationFn: (sessionId: string) => staffCalls().endSession(sessionId),
    onSuccess: (_answer, sessionId) => {
      // Ending this tab's own session is signing out.
      if (sessions.data?.find((session) => session.id === sessionId)?.current) return toStaffSignIn(false);
      showToast({ kind: 'success', text: t('staff.sessions.ended') });
      void client.invalidateQueries({ queryKey: SESSIONS });
    },
    onError: (error) => notifyCallFailure('staff', error),
  });
  return (
    <section className="staff-page" aria-labelledby="staff-sessions-heading">
      <h1 id="staff-sessions-heading">{t('staff.sessions.heading')}</h1>
      <LoadState
        items={sessions.data}
        failed={sessions.isError}
        failedText={t('staff.sessions.failed')}
        retry={retryQuery(t, sessions)}
        skeletonRows={3}
        empty={<p>{t('staff.sessions.empty')}</p>}
      >
        {(items) => (
          <DataTable
            className="staff-table"
            columns={[
              t('staff.sessions.device'),
              t('staff.sessions.ip'),
              t('staff.sessions.opened'),
              t('staff.sessions.lastSeen'),
              { label: t('staff.sessions.end'), hidden: true },
            ]}
            rows={items}
          >
            {(session) => (
              <tr key={session.id}>
                <th scope="row">
                  {session.deviceInfo || t('staff.sessions.unknownDevice')}
                  {session.current ? <span className="staff-tag">{t('staff.sessions.current')}</span> : null}
                </th>
                <td>{session.ip}</td>
                <td>{dateTime(session.createdAt)}</td>
                <td>{dateTime(session.lastSeenAt)}</td>
                <td>
                  <Button variant="secondary" busy={end.isPending && end.variables === session.id} onClick={() => end.mutate(session.id)}>
                    {t('staff.sessions.end')}
                  </Button>
                </td>
              </tr>
            )}
          </DataTable>
        )}
      </LoadState>
    </section>
  );
}
