import type { AccessRequestStatus, InvitationStatus } from '../../../contract/client-access';
import { useT } from '../../../services/i18n';
import './client-access.css';

const tone = { pending: 'pending', accepted: 'success', declined: 'danger', canceled: 'muted' } as const;

export function StatusBadge({ kind, status }: { kind: 'request' | 'invitation'; status: AccessRequestStatus | InvitationStatus }) {
  const t = useT();
  return (
    <span className={`access-status access-status--${tone[status]}`}>
      {t(`clientAccess.${kind === 'request' ? 'requestStatus' : 'invitationStatus'}.${status}`)}
    </span>
  );
}
