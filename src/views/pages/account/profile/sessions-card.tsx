import { useState } from 'react';
import type { Session } from '../../../../contract/user';
import { readGatewayError } from '../../../../machines/shared/form-checks';
import { useT } from '../../../../services/i18n';
import { profileAccountGateway } from '../../../../services/profile-account';
import { showToast } from '../../../../services/toasts';
import { useSessionActor } from '../../../components/session-context';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadFailed } from './load-failed';
import { deviceName, SessionRow } from './session-row';
import { useLoad } from './use-load';

const loadSessions = (signal: AbortSignal) => profileAccountGateway().sessions(signal);
/** The current session first, the others as the gateway orders them (last seen first). */
const ordered = (sessions: Session[]) => [...sessions].sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));

/** Active sessions: end another one (the list reloads) or the current one (then a local sign-out to /auth). */
export function SessionsCard({ reloadKey }: { reloadKey: number }) {
  const t = useT();
  const sessionActor = useSessionActor();
  const { state, reload } = useLoad('sessions', loadSessions, reloadKey);
  const [asking, setAsking] = useState<Session | null>(null);
  const [ending, setEnding] = useState<string | null>(null);

  const terminate = async (session: Session) => {
    if (session.isCurrent) {
      // The session machine ends it at the gateway (TerminateCurrentSession) and signs out here.
      sessionActor.send({ type: 'session.logout' });
      return;
    }
    setEnding(session.sessionId);
    try {
      await profileAccountGateway().terminateSession(session.sessionId);
      showToast({ text: t('account.profile.sessions.terminated'), kind: 'success' });
      reload();
    } catch (error) {
      showToast({ text: readGatewayError(error).errorMessage || t('auth.errors.generic'), kind: 'error' });
    } finally {
      setEnding(null);
    }
  };

  const unknownDevice = t('account.profile.sessions.unknownDevice');
  return (
    <section className="card profile-card" aria-labelledby="profile-sessions-heading">
      <h2 id="profile-sessions-heading" className="profile-card__heading">{t('account.profile.sessions.heading')}</h2>
      <p className="profile-card__lead">{t('account.profile.sessions.lead')}</p>
      {state.status === 'loading' ? <Skeleton rows={3} imageSize={0} /> : null}
      {state.status === 'failed' ? <LoadFailed text={t('account.profile.sessions.loadFailed')} onRetry={reload} /> : null}
      {state.status === 'ready' ? (
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
            {ordered(state.data).map((session) => (
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
          if (session) void terminate(session);
        }}
      />
    </section>
  );
}
