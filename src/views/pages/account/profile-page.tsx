import { useCallback, useState } from 'react';
import type { UserSummary } from '../../../contract/user';
import { profileAccountGateway } from '../../../services/profile-account';
import { useSessionActor } from '../../components/session-context';
import { MainInfoCard } from './profile/main-info-card';
import { PasswordCard } from './profile/password-card';
import { ReserveContactsCard } from './profile/reserve-contacts-card';
import { SessionsCard } from './profile/sessions-card';
import { useLoad } from './profile/use-load';
import './profile/profile.css';

const loadDetailedInfo = (signal: AbortSignal) => profileAccountGateway().detailedInfo(signal);

/**
 * /account/profile (spec 2.4): main info, password, reserve contacts and active sessions, one card above another.
 * Props are the router's PageProps; views may not import src/app, so the used part is written here.
 */
export default function ProfilePage({ title }: { title: string }) {
  const session = useSessionActor();
  const info = useLoad('detailed info', loadDetailedInfo);
  const { update } = info;
  // A password change ends the other sessions at the gateway, so their list is read again.
  const [sessionsKey, setSessionsKey] = useState(0);

  const changeSummary = useCallback((change: Partial<UserSummary>) => {
    update((data) => ({ ...data, summary: { ...data.summary, ...change } }));
    // The header shows the name and photo of the session's user: load it again.
    session.send({ type: 'session.reloadUser' });
  }, [update, session]);

  return (
    <div className="page profile-page">
      <h1 className="page__title">{title}</h1>
      <div className="profile-page__cards">
        <MainInfoCard info={info.state} onRetry={info.reload} onSummaryChange={changeSummary} />
        <PasswordCard onChanged={() => setSessionsKey((key) => key + 1)} />
        <ReserveContactsCard info={info.state} onRetry={info.reload} />
        <SessionsCard reloadKey={sessionsKey} />
      </div>
    </div>
  );
}
