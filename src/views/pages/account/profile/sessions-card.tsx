import { useState } from 'react';
import type { Session } from '../../../../contract/user';
import { useT } from '../../../../services/i18n';
import { useSessionActor } from '../../../components/session-context';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { useSessions } from './api/get-profile';
import { useTerminateSession } from './api/profile-mutations';
import { ProfileCard } from './profile-card';
import { deviceName, SessionRow } from './session-row';

/** The current session first, the others as the gateway orders them (last seen first). */
const ordered = (sessions: Session[]) => [...sessions].sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));

/** Active sessions: end another one (the list reloads) or the current one (then a local sign-out to /auth). */
export function SessionsCard() {
  const t = useT();
  const sessionActor = useSessionActor();
  const sessions = useSessions();
  const end = useTerminateSession();
  const ending = end.isPending ? end.variables : null;
  const [asking, setAsking] = useState<Session | null>(null);

  const terminate = (session: Session) => {
    // The session machine ends the current one at the gateway (TerminateCurrentSession) and signs out here.
    if (session.isCurrent) sessionActor.send({ type: 'session.logout' });
    else end.mutate(session.sessionId);
  };

  const unknownDevice = t('account.profile.sessions.unknownDevice');
  return (
    <ProfileCard name="sessions" heading={t('account.profile.sessions.heading')} lead={t('account.profile.sessions.lead')}
      query={sessions} skeleton={{ rows: 3 }} failedText={t('account.profile.sessions.loadFailed')}>
      {(list) => (
        <>
          <DataTable
            className="profile-sessions"
            columns={[t('account.profile.sessions.device'), t('account.profile.sessions.place'), t('account.profile.sessions.lastSeen'),
              { label: t('account.profile.sessions.actions'), hidden: true }]}
            rows={ordered(list)}
          >
            {(session) => (
              <SessionRow
                key={session.sessionId}
                session={session}
                device={deviceName(session, unknownDevice)}
                busy={ending === session.sessionId}
                onTerminate={() => setAsking(session)}
              />
            )}
          </DataTable>
          <ConfirmDialog
            open={asking !== null}
            text={asking?.isCurrent
              ? t('account.profile.sessions.confirmCurrent')
              : t('account.profile.sessions.confirmOther', { device: asking ? deviceName(asking, unknownDevice) : '' })}
            okLabel={t('account.profile.sessions.confirmOk')}
            cancelLabel={t('account.profile.sessions.confirmCancel')}
            onCancel={() => setAsking(null)}
            onConfirm={() => {
              const session = asking;
              setAsking(null);
              if (session) terminate(session);
            }}
          />
        </>
      )}
    </ProfileCard>
  );
}
