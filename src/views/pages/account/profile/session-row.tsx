import type { Session } from '../../../../contract/user';
import { formatDate, formatTime } from '../../../../services/format';
import { useT } from '../../../../services/i18n';
import { Button } from '../../../components/ui/button';

export const deviceName = (session: Session, unknown: string) => session.deviceInfo.trim() || unknown;
const lastSeen = (session: Session) => `${formatDate(session.lastSeenAt)} ${formatTime(session.lastSeenAt)}`;

interface SessionRowProps {
  session: Session;
  device: string;
  busy: boolean;
  onTerminate: () => void;
}

export function SessionRow({ session, device, busy, onTerminate }: SessionRowProps) {
  const t = useT();
  const place = session.location.trim() || session.ip.trim() || t('account.profile.sessions.unknownPlace');
  return (
    <tr className={session.isCurrent ? 'profile-sessions__current' : undefined}>
      <td>
        <span className="profile-sessions__device">{device}</span>
        {session.isCurrent ? <span className="profile-badge">{t('account.profile.sessions.current')}</span> : null}
      </td>
      <td>{place}</td>
      <td>
        <time dateTime={session.lastSeenAt}>{lastSeen(session)}</time>
      </td>
      <td className="profile-sessions__action">
        {session.isCurrent ? (
          <Button variant="secondary" onClick={onTerminate}>{t('account.profile.sessions.terminateCurrent')}</Button>
        ) : (
          <Button
            variant="secondary"
            busy={busy}
            aria-label={t('account.profile.sessions.terminateLabel', { device })}
            onClick={onTerminate}
          >
            {t('account.profile.sessions.terminate')}
          </Button>
        )}
      </td>
    </tr>
  );
}
