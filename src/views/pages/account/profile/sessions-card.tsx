import { useState } from 'react';
import type { Session } from '../../../../contract/user';
import { useT } from '../../../../services/i18n';
import { useSessionActor } from '../../../components/session-context';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSessions } from './api/get-profile';
import { useTerminateSession } from './api/profile-mutations';
import { LoadFailed } from './load-failed';
import { deviceName, SessionRow } from './session-row';

/** The current session first, the others as the gateway orders them (last seen first). */
const ordered = (sessions: Session[]) => [...sessions].sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));

/** Active sessions: end another one (the list reloads) or the current one (then a local sign-out to /auth). */
export function SessionsCard() {
  const t = useT();
  const sessionActor = useSessionActor();
  const { data: sessions, isPending, isError, refetch } = useSessions();
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
    <section className="card profile-card" aria-labelledby="profile-sessions-heading">
      <h2 id="profile-sessions-heading" className="profile-card__heading">{t('account.profile.sessions.heading')}</h2>
      <p className="profile-card__lead">{t('account.profile.sessions.lead')}</p>
      {isPending ? <Skeleton rows={3} imageSize={0} /> : null}
      {!sessions && isError ? <LoadFailed text={t('account.profile.sessions.loadFailed')} onRetry={() => void refetch()} /> : null}
      {sessions ? (
        <table className="profile-sessions">
          <thead>
            <tr>
              <th scope="col">{t('account.profile.sessions.device')}</th>
              <th scope="col">{t('account.profile.sessions.place')}</th>
              <th scope="col">{t('account.profile.sessions.lastSeen')}</th>
              <th scope="col"><span className="visually-hidden">{t('account.profile.sessions.actions')}</span></th>
            </tr>
          </thead>
          <tbody>
            {ordered(sessions).map((session) => (
              <SessionRow
                key={session.sessionId}
                session={session}
                device={deviceName(session, unknownDevice)}
                busy={ending === session.sessionId}
                onTerminate={() => setAsking(session)}
              />
            ))}
          </tbody>
        </table>
      ) : null}
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
    </section>
  );
}
