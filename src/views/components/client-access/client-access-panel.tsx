import { managesUsers } from '../../../contract/clients';
import { useT } from '../../../services/i18n';
import { AccessRequestList } from './access-request-list';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import './client-access.css';

/**
 * The clients page's access section: requests and invitations of the client, and the invite form. Only owners
 * and admins see it (the gateway refuses the others anyway, role matrix).
 */
export function ClientAccessPanel({ clientId, role }: { clientId: number; role: number }) {
  const t = useT();
  if (!managesUsers(role)) return null;
  return (
    <section className="client-access" aria-label={t('clientAccess.panel.label')}>
      <AccessRequestList clientId={clientId} />
      <InvitationList clientId={clientId} />
      <InviteForm key={clientId} clientId={clientId} role={role} />
    </section>
  );
}
